import type { RegionKey } from '@lumiskin/contract/analysis';
import { toImage, type FaceFrame } from '../face/frame';
import { Scratch } from '../image/scratch';
import { maskedQuantile } from '../image/stats';
import type { HairMap } from './hair';
import { lesionSkin } from './lesion-skin';
import type { InflammatoryReading } from './lesions';
import { detectMarks, type SoftBlob } from './marks';
import { skinContext } from './skin';
import { surfaceMaps } from './surface';
import {
  excludedSkin,
  zoneMeasurements,
  type ExcludedSkin,
  type RegionMeasurements,
} from './zones';

/**
 * The measurements of one face: a shared context (skin.ts), then one module per family of
 * measures — the counted marks (marks.ts, with lesions.ts, blobs.ts), the surface maps
 * (surface.ts) and hair (hair.ts) — summed per zone (zones.ts). Layers: image → face → metrics
 * → scoring; nothing here imports the scoring or the engine.
 */

export interface FaceMeasurements {
  regions: Record<RegionKey, RegionMeasurements>;
  /** ITA° of the zones' median colour (Chardon et al. 1991). */
  ita: number;
  /** a* allowance for darker skin (see rednessAllowance), already applied to the red thresholds. */
  rednessAllowance: number;
  /** Share (0–1) of the measured skin with a clipped channel in the photo (decision 054). */
  clippedShare: number;
  blobs: {
    dark_spots: SoftBlob[];
    blemishes: SoftBlob[];
    pores: SoftBlob[];
    blackheads: SoftBlob[];
  };
  /** Working-frame masks: pixels on fine lines, and per zone the skin left out as hair. */
  masks: {
    lines: Uint8Array;
    excluded: Record<RegionKey, ExcludedSkin>;
  };
  /** Intermediate values for calibration work (engine `debug` option). */
  debug?: Record<string, unknown>;
}

/**
 * Every measurement of one working frame. Its temporaries come from `pool` and go back to it when
 * the call returns (decision 044): an engine passes its own Scratch, so the next photo reuses the
 * memory; without one, a fresh Scratch behaves as plain allocation.
 */
export function measureFace(
  frame: FaceFrame,
  pool: Scratch = new Scratch(),
  /** Also return `debug` (intermediate values for calibration work; the engine's debug option). */
  debug = false,
  /** The share of a lesion's colour the photo's JPEG took (compression.ts; decision 175). */
  colourTaken = 0,
): FaceMeasurements {
  return pool.lend((p) => measure(frame, p, debug, colourTaken));
}

function measure(
  frame: FaceFrame,
  pool: Scratch,
  debug: boolean,
  colourTaken: number,
): FaceMeasurements {
  const ctx = skinContext(frame, pool);
  const lesion = lesionSkin(ctx, pool);
  const readings: InflammatoryReading[] | null = debug ? [] : null;
  const marks = detectMarks(ctx, pool, lesion, readings, colourTaken);
  const surface = surfaceMaps(ctx, pool);
  const { blemishes, darkSpots, pores, blackheads } = marks;
  return {
    regions: zoneMeasurements(ctx, marks, surface, lesion),
    masks: { lines: surface.lines, excluded: excludedSkin(ctx) },
    ita: ctx.ita,
    rednessAllowance: ctx.allowance,
    clippedShare: ctx.nCore ? ctx.nClipped / ctx.nCore : 0,
    blobs: { dark_spots: darkSpots, blemishes, pores, blackheads },
    ...(debug
      ? {
          debug: {
            ...hairDebug(ctx.hair, frame.regions.chin.mask, ctx.baseA),
            // Every inflammatory candidate, in the photo's pixels (bench:lesions --explain).
            inflammatory: (readings ?? []).map((r) => inImage(r, frame)),
            lesions: [...blemishes, ...blackheads].map((b) => [
              b.kind,
              b.x,
              b.y,
              +b.sigma.toFixed(1),
              +b.weight.toFixed(2),
              ...b.contrast.map((v) => +v.toFixed(1)),
            ]),
            blemishes: blemishes.map((b) => [
              b.x,
              b.y,
              +b.sigma.toFixed(1),
              +b.response.toFixed(2),
              +b.weight.toFixed(2),
            ]),
          },
        }
      : {}),
  };
}

/** A candidate's reading with its centre and radius in the photo's pixels, rounded for the record. */
function inImage(r: InflammatoryReading, frame: FaceFrame): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(r)) out[k] = +v.toFixed(3);
  [out.x, out.y] = toImage(frame, r.x, r.y);
  out.r = +((Math.SQRT2 * r.sigma) / frame.scale).toFixed(2);
  return out;
}

function hairDebug(hair: HairMap, chin: Uint8Array, baseA: number) {
  const q = (v: Float32Array, p: number) => maskedQuantile(v, chin, p);
  return {
    baseA,
    chinE: [q(hair.texture, 0.5), q(hair.texture, 0.75), q(hair.texture, 0.9)],
    chinD: [q(hair.darkening, 0.5), q(hair.darkening, 0.75), q(hair.darkening, 0.9)],
  };
}
