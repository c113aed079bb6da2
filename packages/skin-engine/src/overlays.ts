import type {
  ExclusionReason,
  Mark,
  MetricKey,
  Overlays,
  RegionKey,
  MeasuredUnmeasuredMetric,
  MeasuredZoneNote,
} from '@lumiskin/contract/analysis';
import { REGIONS } from '@lumiskin/contract/constants';
import { toImage, type FaceFrame } from './face/frame';
import { connectedComponents, orInto } from './image/mask';
import { counted, type SoftBlob } from './metrics/marks';
import type { FaceMeasurements } from './metrics/measure';
import type { RegionMeasurements } from './metrics/zones';
import { METRIC_REGIONS } from './scoring';

/**
 * What the engine counted and what it left out, in the photo's pixel coordinates, so people can
 * see why a score is what it is: marks for blemishes, dark spots and blackheads, polylines along
 * the fine lines, and the areas not measured (as merged rectangles of 4×4 working pixels).
 */

/** Lines shorter than this (working px, ≈ 0.6 mm each) are texture, not a line to draw. */
const MIN_LINE_PX = 10;
const MAX_LINES = 150;
const BLOCK = 4;

const r1 = (v: number) => Math.round(v * 10) / 10;

function marks(frame: FaceFrame, blobs: SoftBlob[]): Mark[] {
  return counted(blobs).map((b) => {
    const [x, y] = toImage(frame, b.x, b.y);
    return [x, y, r1((Math.SQRT2 * b.sigma) / frame.scale)];
  });
}

/** Connected line pixels (8-neighbours) → a polyline of up to 5 points along the main axis. */
function linePolylines(frame: FaceFrame, mask: Uint8Array): Array<Array<[number, number]>> {
  const { width, height } = frame;
  const found: Array<{ size: number; line: Array<[number, number]> }> = [];
  for (const members of connectedComponents(mask, width, height)) {
    const xs = members.map((i) => i % width);
    const ys = members.map((i) => (i - (i % width)) / width);
    if (xs.length < MIN_LINE_PX) continue;
    // Principal axis of the pixels; the polyline follows it through 5 bins.
    const n = xs.length;
    const mx = xs.reduce((s, v) => s + v, 0) / n;
    const my = ys.reduce((s, v) => s + v, 0) / n;
    let sxx = 0;
    let syy = 0;
    let sxy = 0;
    for (let k = 0; k < n; k++) {
      const dx = (xs[k] as number) - mx;
      const dy = (ys[k] as number) - my;
      sxx += dx * dx;
      syy += dy * dy;
      sxy += dx * dy;
    }
    const angle = 0.5 * Math.atan2(2 * sxy, sxx - syy);
    const ux = Math.cos(angle);
    const uy = Math.sin(angle);
    const t = xs.map((x, k) => (x - mx) * ux + ((ys[k] as number) - my) * uy);
    const t0 = Math.min(...t);
    const t1 = Math.max(...t);
    if (t1 - t0 < 4) continue; // a blob, not a line
    const bins = 5;
    const sum = Array.from({ length: bins }, () => ({ x: 0, y: 0, n: 0 }));
    t.forEach((v, k) => {
      const b = Math.min(bins - 1, Math.floor(((v - t0) / (t1 - t0 + 1e-9)) * bins));
      const cell = sum[b] as { x: number; y: number; n: number };
      cell.x += xs[k] as number;
      cell.y += ys[k] as number;
      cell.n++;
    });
    const line = sum.filter((c) => c.n > 0).map((c) => toImage(frame, c.x / c.n, c.y / c.n));
    found.push({ size: n, line });
  }
  return found
    .sort((a, b) => b.size - a.size)
    .slice(0, MAX_LINES)
    .map((f) => f.line);
}

/**
 * Set pixels of the mask in block (bx, by): a function of its own so V8 optimises it once for
 * every block (decision 138), not an inner loop entered and left per block.
 */
function blockCount(mask: Uint8Array, width: number, height: number, bx: number, by: number) {
  let count = 0;
  for (let y = by * BLOCK; y < Math.min(height, (by + 1) * BLOCK); y++)
    for (let x = bx * BLOCK; x < Math.min(width, (bx + 1) * BLOCK); x++)
      count += mask[y * width + x] ? 1 : 0; // every pixel adds (decision 156)
  return count;
}

/** A mask as rectangles of BLOCK×BLOCK working pixels, runs merged along rows. */
export function maskPolygons(frame: FaceFrame, mask: Uint8Array): Array<Array<[number, number]>> {
  const { width, height } = frame;
  const bw = Math.ceil(width / BLOCK);
  const bh = Math.ceil(height / BLOCK);
  const polys: Array<Array<[number, number]>> = [];
  for (let by = 0; by < bh; by++) {
    let runStart = -1;
    for (let bx = 0; bx <= bw; bx++) {
      let on = false;
      if (bx < bw) {
        on = blockCount(mask, width, height, bx, by) >= (BLOCK * BLOCK) / 2;
      }
      if (on && runStart < 0) runStart = bx;
      if (!on && runStart >= 0) {
        const x0 = runStart * BLOCK;
        const x1 = bx * BLOCK;
        const y0 = by * BLOCK;
        const y1 = (by + 1) * BLOCK;
        polys.push([
          toImage(frame, x0, y0),
          toImage(frame, x1, y0),
          toImage(frame, x1, y1),
          toImage(frame, x0, y1),
        ]);
        runStart = -1;
      }
    }
  }
  return polys;
}

export function buildOverlays(frame: FaceFrame, measured: FaceMeasurements): Overlays {
  const byReason = new Map<ExclusionReason, Uint8Array>();
  const maskOf = (reason: ExclusionReason, length: number) => {
    let m = byReason.get(reason);
    if (!m) {
      m = new Uint8Array(length);
      byReason.set(reason, m);
    }
    return m;
  };
  for (const r of REGIONS) {
    const { hair, reason, upper } = measured.masks.excluded[r];
    // The zone's hair lies within the zone's rows; frames above `upper.toY` (decision 168).
    const { bounds } = frame.regions[r];
    const { width } = frame;
    const split = upper ? Math.max(bounds.y0, Math.min(bounds.y1, upper.toY)) : bounds.y0;
    if (upper) orInto(hair, maskOf(upper.reason, hair.length), bounds.y0 * width, split * width);
    orInto(hair, maskOf(reason, hair.length), split * width, bounds.y1 * width);
  }
  const excluded: Overlays['excluded'] = [];
  for (const [reason, mask] of byReason) {
    const polygons = maskPolygons(frame, mask);
    if (polygons.length) excluded.push({ reason, polygons });
  }
  const { blobs } = measured;
  return {
    blemishes: marks(frame, blobs.blemishes),
    dark_spots: marks(frame, blobs.dark_spots),
    blackheads: marks(frame, blobs.blackheads),
    lines: linePolylines(frame, linesCounted(frame, measured)),
    excluded,
  };
}

/** The line pixels that count toward fine lines: those on the measured skin of its zones. */
export function linesCounted(frame: FaceFrame, measured: FaceMeasurements): Uint8Array {
  const out = new Uint8Array(measured.masks.lines.length);
  for (const r of Object.keys(METRIC_REGIONS.fine_lines) as RegionKey[]) {
    const { mask: zone, bounds } = frame.regions[r];
    const hair = measured.masks.excluded[r].hair;
    const end = bounds.y1 * frame.width;
    for (let i = bounds.y0 * frame.width; i < end; i += 1024)
      countedRange(measured.masks.lines, zone, hair, out, i, Math.min(end, i + 1024));
  }
  return out;
}

/**
 * linesCounted's pixels [start, end) of one zone, 1024 per call (decision 156: the zones' loop was
 * compiled on the stack); every pixel's masks read and `out` written, unchanged where not counted.
 */
function countedRange(
  lines: Uint8Array,
  zone: Uint8Array,
  hair: Uint8Array,
  out: Uint8Array,
  start: number,
  end: number,
): void {
  for (let i = start; i < end; i++) {
    const a = lines[i];
    const z = zone[i];
    const h = hair[i];
    out[i] = a && z && !h ? 1 : (out[i] as number);
  }
}

/** A zone with at least this share left out as hair gets a note. */
export const NOTE_HAIR_SHARE = 0.1;
/**
 * A zone with at least this share left out as glasses frames gets one (decision 168): a rim and its
 * margin take 5–10 % of a cheek, and a person should see why that skin was not read.
 */
export const NOTE_GLASSES_SHARE = 0.05;
/** A zone with at least this share hidden (not skin-coloured: hair, frames, deep shadow) gets one. */
export const NOTE_HIDDEN_SHARE = 0.4;

export function zoneNotes(
  frame: FaceFrame,
  regions: Record<RegionKey, RegionMeasurements>,
): MeasuredZoneNote[] {
  const notes: MeasuredZoneNote[] = [];
  for (const r of REGIONS) {
    const m = regions[r];
    if (m.hair >= NOTE_HAIR_SHARE) {
      const reason: ExclusionReason = r === 'forehead' ? 'hair' : 'beard';
      notes.push({ region: r, reason, share: Math.round(m.hair * 100) / 100 });
    }
    if (m.glasses >= NOTE_GLASSES_SHARE)
      notes.push({ region: r, reason: 'glasses', share: Math.round(m.glasses * 100) / 100 });
    const hidden = 1 - frame.regions[r].coverage;
    if (hidden >= NOTE_HIDDEN_SHARE) {
      notes.push({ region: r, reason: 'not_skin', share: Math.round(hidden * 100) / 100 });
    }
  }
  return notes;
}

/** Below this share of a metric's zones measured, the metric gets no score. */
export const MIN_MEASURED_SHARE = 0.2;

export function unmeasuredMetrics(
  metrics: readonly MetricKey[],
  regions: Record<RegionKey, RegionMeasurements>,
): MeasuredUnmeasuredMetric[] {
  const out: MeasuredUnmeasuredMetric[] = [];
  for (const metric of metrics) {
    let measuredPx = 0;
    let polygonPx = 0;
    for (const [r, w] of Object.entries(METRIC_REGIONS[metric]) as Array<[RegionKey, number]>) {
      const m = regions[r];
      measuredPx += w * m.pixels;
      polygonPx += w * (m.coverage > 0 ? m.pixels / m.coverage : 0);
    }
    if (polygonPx > 0 && measuredPx / polygonPx >= MIN_MEASURED_SHARE) continue;
    // Too little skin showed in the zones this is measured on (hair, beard or the photo hid them).
    out.push({ metric, cause: 'skin_hidden' });
  }
  return out;
}
