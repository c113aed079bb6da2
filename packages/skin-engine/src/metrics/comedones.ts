import {
  relScale,
  ringBuffers,
  ringContrast,
  softAt,
  type Lesion,
  type LesionInput,
} from './lesions';

/**
 * Comedones (decisions 123 and 127; 057 before): read against the person's own skin *and* the
 * person's own pores around them.
 *
 * Open comedones (blackheads) are fine dots (≈ 0.6–1.5 mm across) much darker than the skin
 * around them. At the working frame's ≈ 0.6 mm per pixel a blackhead is one to three pixels, so
 * its darkening is read at the blob's centre pixel (a disc mean diluted it by half) against the
 * ring 2–5 px away, on the relative (L* + 16) scale of decision 057 (a Weber contrast: the same
 * dot reads the same on every tone), and no more than its fine DoG response says a dot of that
 * darkening would give (COMEDO_DOG_SHARE). A pore is the same kind of dot, only fainter; how faint
 * depends on the skin and on the camera, and on dark skin a pore field reads several points on
 * the relative scale. So the threshold is not one number: a blackhead must be darker than
 * COMEDO_PORES × the typical (median) darkening of the fine dark dots within COMEDO_FIELD px
 * around it, and than COMEDO_MIN in any case. A face whose pores all read dark (dark skin, a
 * sharp camera) raises its own bar; a lone dark dot on smooth skin passes.
 *
 * Closed comedones (whiteheads) are not read: see detectComedones (decision 127).
 */

/** Open comedones: relative darkening at which a fine dot counts ½ whatever its pores. */
export const COMEDO_MIN = 7;
/**
 * A blackhead is a dot, not a dark pixel: its fine DoG response (absolute L*) is about
 * COMEDO_DOG_SHARE of its centre pixel's darkening (painted blackheads: median 0.27, p10 0.20; the
 * clear faces' fine dark dots darker than 6 at their centre: median 0.195). The darkening counted
 * is the smaller of the centre pixel's and the response's / COMEDO_DOG_SHARE (decision 127): a
 * dark pixel whose surroundings do not make a dot reads by its weaker DoG response.
 */
export const COMEDO_DOG_SHARE = 0.27;
/** …and the multiple of the local pores' median darkening. */
export const COMEDO_PORES = 4;
/** Radius (working px, ≈ 9 mm) of the neighbourhood whose dots give the pores' typical darkening. */
export const COMEDO_FIELD = 15;
/**
 * A blackhead is round (a painted one's aspect is ≤ 1.15): its DoG curvature ratio counts whole up
 * to COMEDO_ROUND_FROM, not at all from COMEDO_ROUND_TO. The clear faces' fine dark marks were
 * mostly elongated (ratio 3.5–6: a hair, a crease's end, the edge of a nostril's shadow).
 */
export const COMEDO_ROUND_FROM = 2;
export const COMEDO_ROUND_TO = 3;
/**
 * A fine dot found only at the L* stack's second level (radius ≈ 1.1 mm, σ 1.28 px) is larger than
 * most blackheads: its threshold is COMEDO_COARSE × the fine level's.
 */
export const COMEDO_COARSE = 2;
/** Fewer dots than this within COMEDO_FIELD are no pore field. */
export const COMEDO_FIELD_MIN = 6;
/** A dot must be darker than the ring on (almost) every side: darkSides / dark from … to 1. */
export const COMEDO_ISOLATION = 0.5;

const ramp = (v: number) => (v <= 0 ? 0 : v >= 1 ? 1 : v);

interface Candidate {
  x: number;
  y: number;
  /** Relative darkening counted against the threshold. */
  strength: number;
  /** The rest of the weight (colour, isolation, roundness), 0…1. */
  gate: number;
  lesion: Lesion;
}

/** The median strength of the candidates within COMEDO_FIELD of each (itself left out). */
export function localMedians(
  cands: readonly { x: number; y: number; strength: number }[],
): number[] {
  const cell = COMEDO_FIELD;
  const grid = new Map<string, number[]>();
  cands.forEach((c, k) => {
    const key = `${Math.floor(c.x / cell)},${Math.floor(c.y / cell)}`;
    const list = grid.get(key);
    if (list) list.push(k);
    else grid.set(key, [k]);
  });
  const r2 = COMEDO_FIELD * COMEDO_FIELD;
  return cands.map((c, k) => {
    const gx = Math.floor(c.x / cell);
    const gy = Math.floor(c.y / cell);
    const near: number[] = [];
    for (let j = gy - 1; j <= gy + 1; j++) {
      for (let i = gx - 1; i <= gx + 1; i++) {
        for (const m of grid.get(`${i},${j}`) ?? []) {
          if (m === k) continue;
          const o = cands[m] as { x: number; y: number; strength: number };
          if ((o.x - c.x) ** 2 + (o.y - c.y) ** 2 <= r2) near.push(o.strength);
        }
      }
    }
    // Few dots around: smooth skin, no pore field to rise above (COMEDO_MIN alone).
    if (near.length < COMEDO_FIELD_MIN) return 0;
    near.sort((p, q) => p - q);
    return near[near.length >> 1] as number;
  });
}

function weigh(cands: Candidate[], min: number): Lesion[] {
  const medians = localMedians(cands);
  const out: Lesion[] = [];
  cands.forEach((c, k) => {
    const coarse = c.lesion.sigma > 1 ? COMEDO_COARSE : 1;
    const threshold = coarse * Math.max(min, COMEDO_PORES * Math.max(0, medians[k] as number));
    const weight = softAt(c.strength, threshold) * c.gate;
    if (weight > 0) out.push({ ...c.lesion, weight });
  });
  return out;
}

/** Open comedones (blackheads): fine dots far darker than the skin and the pores around them. */
function openComedones(input: LesionInput): Lesion[] {
  const buf = ringBuffers(8);
  const cands: Candidate[] = [];
  for (const bl of input.fineDark) {
    const c = ringContrast(input, bl.x, bl.y, 0.75, 2, 5, buf);
    if (!c) continue;
    const [dL, da, db] = c.contrast;
    const dark = -dL;
    if (dark <= 0) continue;
    const asDot = relScale(c.ring.L) * (bl.response / COMEDO_DOG_SHARE);
    // Neither red (a papule) nor much yellower (a brown mark) than the skin around.
    const neutral = ramp((0.35 * dark - Math.max(da, 0.5 * db)) / (0.15 * dark + 0.5));
    // Darker on (almost) every side: not the edge of a shadow, a fold or a hair.
    const isolated = ramp((c.darkSides / dark - COMEDO_ISOLATION) / (1 - COMEDO_ISOLATION));
    const lesion: Lesion = { ...bl, kind: 'comedone', weight: 0, contrast: c.contrast };
    const round = ramp((COMEDO_ROUND_TO - bl.curvature) / (COMEDO_ROUND_TO - COMEDO_ROUND_FROM));
    const strength = Math.min(dark, asDot);
    cands.push({ x: bl.x, y: bl.y, strength, gate: neutral * isolated * round, lesion });
  }
  return weigh(cands, COMEDO_MIN);
}

/**
 * Comedones, each weighted 0…1: the open ones (blackheads). Closed comedones (whiteheads) are not
 * read (decision 127): at the working frame's ≈ 0.6 mm per pixel (and the photos' own resolution,
 * median 0.6 mm per image pixel) a whitehead lightens 2–3 px by 1–3 L*, as the skin's own fine
 * bright texture does; the detector that looked for them (decision 123) marked only that texture,
 * most of it on darker skin.
 */
export function detectComedones(input: LesionInput): Lesion[] {
  return openComedones(input);
}
