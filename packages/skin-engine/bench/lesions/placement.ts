/**
 * Where the lesion benchmark (bench/lesions.ts) puts painted lesions, and how it matches the
 * engine's marks against them. Pure geometry, deterministic given its random source.
 */
import type { LesionKind, TruthKind, TruthLesion } from '../synth-lesions';

export type Pt = readonly [number, number];

export function pointInPolygon(x: number, y: number, poly: readonly Pt[]): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i] as Pt;
    const [xj, yj] = poly[j] as Pt;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Distance from (x, y) to the polygon's outline (its edges). */
export function distanceToOutline(x: number, y: number, poly: readonly Pt[]): number {
  let best = Infinity;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [ax, ay] = poly[j] as Pt;
    const [bx, by] = poly[i] as Pt;
    const ex = bx - ax;
    const ey = by - ay;
    const len2 = ex * ex + ey * ey;
    const t = len2 > 0 ? Math.max(0, Math.min(1, ((x - ax) * ex + (y - ay) * ey) / len2)) : 0;
    best = Math.min(best, Math.hypot(x - ax - t * ex, y - ay - t * ey));
  }
  return best;
}

/** A place a lesion may not come near: a circle (a mark) or a polygon (an excluded area). */
export type Keepout = { circle: [number, number, number] } | { polygon: readonly Pt[] };

export interface PlaceRequest {
  kind: LesionKind;
  /** The zones (polygons, image px) it may go in, and the keep-out radius (px) around it. */
  zones: ReadonlyArray<readonly Pt[]>;
  keepPx: number;
}

/**
 * Random sequential placement: each lesion's centre lies inside one of its zones, at least
 * `keepPx` from the zone's outline and from every keep-out, and its keep-out disc (radius
 * keepPx) does not overlap another placed lesion's. Zones are chosen in proportion to their area
 * (bounding box); lesions that find no place in `tries` draws are left out (the caller reports the
 * number placed). Pure and deterministic in `rand`.
 */
export function placeLesions(
  requests: readonly PlaceRequest[],
  keepouts: readonly Keepout[],
  rand: () => number,
  tries = 600,
): Array<{ index: number; x: number; y: number }> {
  const placed: Array<{ index: number; x: number; y: number; keep: number }> = [];
  requests.forEach((req, index) => {
    const boxes = req.zones.map((z) => {
      const xs = z.map((p) => p[0]);
      const ys = z.map((p) => p[1]);
      const b = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)] as const;
      return { z, b, area: (b[2] - b[0]) * (b[3] - b[1]) };
    });
    const total = boxes.reduce((s, b) => s + b.area, 0);
    if (!(total > 0)) return;
    for (let t = 0; t < tries; t++) {
      let pick = rand() * total;
      let zone = boxes[0] as (typeof boxes)[number];
      for (const b of boxes) {
        zone = b;
        if ((pick -= b.area) <= 0) break;
      }
      const [bx0, by0, bx1, by1] = zone.b;
      const x = bx0 + rand() * (bx1 - bx0);
      const y = by0 + rand() * (by1 - by0);
      if (!pointInPolygon(x, y, zone.z) || distanceToOutline(x, y, zone.z) < req.keepPx) continue;
      if (placed.some((p) => Math.hypot(p.x - x, p.y - y) < p.keep + req.keepPx)) continue;
      const blocked = keepouts.some((k) =>
        'circle' in k
          ? Math.hypot(k.circle[0] - x, k.circle[1] - y) < k.circle[2] + req.keepPx
          : pointInPolygon(x, y, k.polygon) || distanceToOutline(x, y, k.polygon) < req.keepPx,
      );
      if (blocked) continue;
      placed.push({ index, x, y, keep: req.keepPx });
      return;
    }
  });
  return placed.map(({ index, x, y }) => ({ index, x, y }));
}

// ---- matching ----

export type Overlay = 'blemishes' | 'blackheads' | 'dark_spots';
export const OVERLAYS: Overlay[] = ['blemishes', 'blackheads', 'dark_spots'];
export type Mark = readonly [number, number, number];
export type Marks = Record<Overlay, Mark[]>;
/** Per overlay kind: marks at a painted lesion of that kind, of another kind only, at a clear-face mark, new. */
export type MarkTally = Record<
  Overlay,
  { right: number; wrong: number; old: number; fresh: number }
>;

/** The overlay a lesion kind should be marked in. */
export const overlayOf = (k: TruthKind): Overlay =>
  k === 'open_comedone' || k === 'closed_comedone'
    ? 'blackheads'
    : k === 'macule'
      ? 'dark_spots'
      : 'blemishes';

/** Match tolerance around a painted lesion: max(3 px, its radius + 1.5 mm). */
export const tolOf = (rPx: number, mmPerPx: number) => Math.max(3, rPx + 1.5 / mmPerPx);

/** Matches one painted image's marks against its truth and the clear face's marks. */
export function matchImage(
  truth: readonly TruthLesion[],
  painted: Marks,
  clean: Marks,
  mmPerPx: number,
): { found: boolean[]; foundAny: boolean[]; marks: MarkTally } {
  const near = (m: Mark, l: TruthLesion) =>
    Math.hypot(m[0] - l.x, m[1] - l.y) <= tolOf(l.rPx, mmPerPx);
  const found = truth.map((l) => painted[overlayOf(l.kind)].some((m) => near(m, l)));
  const foundAny = truth.map((l) => OVERLAYS.some((o) => painted[o].some((m) => near(m, l))));
  const marks = Object.fromEntries(
    OVERLAYS.map((o) => {
      const c = { right: 0, wrong: 0, old: 0, fresh: 0 };
      for (const m of painted[o]) {
        if (truth.some((l) => overlayOf(l.kind) === o && near(m, l))) c.right++;
        else if (truth.some((l) => near(m, l))) c.wrong++;
        else if (
          clean[o].some(
            (q) => Math.hypot(m[0] - q[0], m[1] - q[1]) <= Math.max(3, q[2] + 1.5 / mmPerPx),
          )
        )
          c.old++;
        else c.fresh++;
      }
      return [o, c];
    }),
  ) as MarkTally;
  return { found, foundAny, marks };
}
