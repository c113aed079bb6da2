import { hessianAt, maxFilter } from '../image/filters';
import type { Plane } from '../image/raster';
import { f32, u8, type Scratch } from '../image/scratch';

/**
 * Glasses frames over the skin (decision 168). A rim crossing the upper cheek or running down the
 * side of the nose is a long, thin line far darker than any fold of skin: its edges read as pores,
 * its band as rough texture and its valley as a fold, so on the calibration part the men who wore
 * glasses read pores 12 points worse than the men who did not (73.8 against 85.8), texture 9 and
 * firmness 7, and the frames made a third of the women − men pores gap (20 of 98 men wore them, 1
 * of 42 women). A score must not depend on whether the person wears glasses: the frames are left
 * out like hair.
 *
 * A frame is a line that stays dark along its own direction. At each pixel of the band (the zones
 * where frames sit) the fine valley strength s (the Hessian's valley of the contrast-scaled L* at
 * σ 1.28 and 2.05 working px, the fine lines' own filters, ÷ the contrast scale: plain L*, so a
 * black frame on darker skin, whose L* contrast is smaller, reads as such) is averaged along the
 * valley's direction over ± FRAME_REACH px (the "line evidence" E; s first widened by a 1-px grey
 * dilation so a curved or slanted rim is not lost between samples). The frame weight ramps with E
 * from FRAME_FROM to FRAME_TO L* and is widened by FRAME_MARGIN px: the fine filters answer beside
 * a dark line too. No threshold on a line's pieces or their length: a re-save that breaks a rim in
 * two moves the weight by the little it moves E.
 *
 * A pore, a blemish or a crease is short or shallow: E averages it with the skin along the line. A
 * 3 px wide line reads E ≈ 0.45 × its depth: 6 L* deep (a crease) ≈ 2.7, weight 0; 16 L* (a thin
 * rim) ≈ 7.2, weight 1 (test/frames.test.ts). On the calibration part 15 of the 20 men's glasses
 * took ≥ 3 % of a zone, and 4 of the 119 faces without glasses (3–4 %: eye bags reaching into the
 * cheek, a fringe over it).
 */
export const FRAME_REACH = 12;
export const FRAME_FROM = 4;
export const FRAME_TO = 7;
export const FRAME_MARGIN = 3;
/** Radius (working px) of the closing that joins the zones' outlines for the search (skin.ts). */
export const FRAME_SEAM = 2;
/** How far beside the nose's outline (working px) a frame is looked for: a rim runs down there. */
export const FRAME_NOSE_SIDE = 6;
/** Pixels with s below this (plain L*) are not on a line: E is not read there. */
export const FRAME_ON_LINE = 2;

export interface FrameInput {
  width: number;
  height: number;
  /** Fine valley strength at σ 1.28 and 2.05 (contrast-scaled L*). */
  valleys: readonly [Float32Array, Float32Array];
  /** The level the σ 2.05 valley was read on (its Hessian gives the line's direction). */
  smoothed: Plane;
  /** The skin's contrast scale (the valleys ÷ it are in plain L*). */
  cs: number;
  /** Where frames are looked for, and its rows. */
  band: Uint8Array;
  rows: { start: number; end: number };
}

/**
 * The frame weight per pixel, 0…1, or null when no pixel has any. Its planes are temporaries of the
 * caller's pool.
 */
export function detectFrames(input: FrameInput, pool?: Scratch): Float32Array | null {
  const { width, height, valleys, smoothed, cs, band, rows } = input;
  const n = band.length;
  // s in plain L* over the band (0 elsewhere), widened by one pixel.
  const s = f32(pool, n);
  const onBand = u8(pool, n);
  let any = false;
  for (let i = rows.start; i < rows.end; i += CHUNK)
    any =
      plainStrength(
        band,
        valleys[0],
        valleys[1],
        1 / cs,
        s,
        onBand,
        i,
        Math.min(rows.end, i + CHUNK),
      ) || any;
  if (!any) return null;
  const wide = maxFilter(s, onBand, width, height, 1, pool);
  const raw = f32(pool, n);
  const support = u8(pool, n);
  const y0 = Math.max(1, Math.floor(rows.start / width));
  const y1 = Math.min(height - 1, Math.ceil(rows.end / width));
  found[0] = 0;
  // Per row (a function of its own: a loop entered once per analysis would be compiled on the
  // stack and thrown away after it, decision 151).
  for (let y = y0; y < y1; y++)
    evidenceRow(band, s, wide, smoothed.data, raw, support, y, width, height);
  if (!found[0]) return null;
  // Widened: the fine filters answer a few pixels beside a dark line.
  return maxFilter(raw, support, width, height, FRAME_MARGIN, pool);
}

const CHUNK = 1024;
/** hessianAt's output for evidenceRow. */
const hessian = new Float64Array(3);
/** Whether any pixel took a frame weight (set by evidenceRow). */
const found = new Uint8Array(1);

/**
 * One row of the line evidence: at each band pixel on a line (s ≥ FRAME_ON_LINE), the widened s
 * averaged along the valley's direction over ± FRAME_REACH px, and the frame weight it gives.
 */
function evidenceRow(
  band: Uint8Array,
  s: Float32Array,
  wide: Float32Array,
  data: Float32Array,
  raw: Float32Array,
  support: Uint8Array,
  y: number,
  width: number,
  height: number,
): void {
  for (let x = 1; x < width - 1; x++) {
    const i = y * width + x;
    if (!band[i] || (s[i] as number) < FRAME_ON_LINE) continue;
    // The valley's direction: across it the Hessian's largest eigenvalue l1 (eigenvector
    // (b, l1 − a), or (l1 − d, b) when that one vanishes), along it the perpendicular.
    hessianAt(data, i, width, hessian);
    const a = hessian[0] as number;
    const d = hessian[1] as number;
    const b = hessian[2] as number;
    const l1 = (a + d) / 2 + Math.sqrt(((a - d) / 2) ** 2 + b * b);
    let cx = b;
    let cy = l1 - a;
    if (Math.abs(cx) + Math.abs(cy) < Math.abs(l1 - d) + Math.abs(b)) {
      cx = l1 - d;
      cy = b;
    }
    const norm = Math.sqrt(cx * cx + cy * cy);
    const ux = norm > 0 ? -cy / norm : 1;
    const uy = norm > 0 ? cx / norm : 0;
    let sum = 0;
    for (let t = -FRAME_REACH; t <= FRAME_REACH; t++) {
      // Rounded to the nearest pixel (the band lies well inside the frame: no negative coordinate
      // reaches a band pixel, so truncating v + 0.5 is Math.round here).
      const sx = (x + t * ux + 0.5) | 0;
      const sy = (y + t * uy + 0.5) | 0;
      const inside = sx >= 0 && sy >= 0 && sx < width && sy < height;
      const j = inside ? sy * width + sx : i;
      sum += inside && band[j] ? (wide[j] as number) : 0;
    }
    const w = ramp((sum / (2 * FRAME_REACH + 1) - FRAME_FROM) / (FRAME_TO - FRAME_FROM));
    if (w > 0) {
      raw[i] = w;
      support[i] = 1;
      found[0] = 1;
    }
  }
}

/** s = the larger valley ÷ cs on the band's pixels in [i0, i1); whether any is on a line. */
function plainStrength(
  band: Uint8Array,
  v1: Float32Array,
  v2: Float32Array,
  k: number,
  s: Float32Array,
  onBand: Uint8Array,
  i0: number,
  i1: number,
): boolean {
  let any = false;
  for (let i = i0; i < i1; i++) {
    if (!band[i]) continue;
    const a = v1[i] as number;
    const b = v2[i] as number;
    const v = (a > b ? a : b) * k;
    s[i] = v;
    if (v > 0) onBand[i] = 1;
    if (v >= FRAME_ON_LINE) any = true;
  }
  return any;
}

function ramp(t: number): number {
  return t <= 0 ? 0 : t >= 1 ? 1 : t;
}
