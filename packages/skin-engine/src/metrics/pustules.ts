import type { Blob } from './blobs';
import { DARK_FLAT, relScale, softAt, type Lesion, type LesionInput } from './lesions';

/**
 * Pustules by their own cue (decision 125): a pale, whitish-yellow head inside a halo that is
 * redder (on dark skin: darker, violaceous) than the skin around it on (almost) every side, read
 * on the relative (L* + 16) scale like every lesion (lesions.ts).
 *
 * The inflammatory detector reads a blob's centre against its ring: on a pustule the centre is
 * the pale head, lighter and less red than the skin, so the redness and darkening it looks for
 * are hidden (calibration part: 14 % of painted pustules found by their own kind). Here the
 * candidates are the fine bright blobs of L* (levels 0–1, radius ≈ 0.7–1.1 mm: the head) and
 * three readings are taken around each: the head (a disc), the halo (an annulus just outside it)
 * and the skin (a ring beyond the halo).
 */

/** The halo's outer radius, × the head's radius, plus PUS_HALO_PAD px (a pustule's radius is 2.2–3.3 heads). */
export const PUS_HALO = 2.2;
export const PUS_HALO_PAD = 0.5;
/**
 * The strength (the halo's redness against the skin ring on every side plus its darkening, with
 * the head's share, PUS_HEAD) at which a pustule counts ½ (decision 147: 7, was 6).
 */
export const PUS_MIN = 7;
/**
 * The head's lightness above the halo (relative scale) counts up to PUS_HEAD × the halo's
 * strength: the pale head adds evidence only where there is a red halo around it (a glint on
 * plain skin has none), and a bright point gains the strength only to that share. A head that is
 * clearly a blob (PUS_CLEAR) counts up to PUS_HEAD_CLEAR × (decision 147: 3; decision 161: 6).
 * Painted pustules whose head was clear (lift 8–13) but whose halo read 0.7–1.2 were missed at 3:
 * a 4:2:0 JPEG averages the halo's a* with the pale head's, and a halo two pixels wide keeps
 * little of it. At 6 a clear head needs a halo of ≈ 1.2; a glint, with no halo, still gains nothing.
 */
export const PUS_HEAD = 1;
export const PUS_HEAD_CLEAR = 6;
/**
 * The halo's darkening counts up to DARK_FLAT × max(its redness, PUS_DARK_FLOOR) around a head
 * that is clearly a blob (decision 147; DARK_FLAT × its redness alone before). A 4:2:0 JPEG keeps
 * colour on 2 × 2 blocks: around a pale head 1–2 px across the halo's a* is averaged with the
 * head's and reads 0–1 (calibration part, painted pustules: ≈ 0.3 where the lightness ring reads
 * 2–4), while the lightness keeps the ring whole (blood darkens the green channel most). The
 * red / brown ratio test (PUS_RED_FROM…TO) is kept.
 */
export const PUS_DARK_FLOOR = 1;
/**
 * A head is clearly a blob from a DoG response (relative scale) of PUS_RESP, fully from PUS_CLEAR:
 * the share of PUS_DARK_FLOOR and of PUS_HEAD_CLEAR it earns (decision 147). Painted pustules'
 * heads answer a median 2.5; the clear faces' pale points that passed PUS_RESP's ramp 0.7–1.8.
 */
export const PUS_CLEAR = 2.5;
/**
 * The head must be at least PUS_LIFT lighter than the halo (relative scale), counting fully from
 * PUS_LIFT + PUS_LIFT_SPAN (decision 137: with 2 → 4 and no test of the head's blob response, a
 * re-save or a resize made or unmade pale points of the skin's own texture on a few faces, and
 * with them up to 2 lesions).
 */
export const PUS_LIFT = 2.5;
export const PUS_LIFT_SPAN = 2;
/**
 * The head must be a blob: its DoG response on the relative scale counts from PUS_RESP / 2, fully
 * from PUS_RESP (decision 137). The skin's own fine bright blobs answer 0.5–1.0 (median 0.63, 90th
 * percentile 1.0 on the calibration part); the heads of painted pustules a median 2.5.
 */
export const PUS_RESP = 2;
/**
 * A head is a dome, round: its DoG curvature ratio counts whole up to PUS_ROUND_FROM, not at all
 * from PUS_ROUND_TO (decision 150; as comedones.ts reads a blackhead). The heads of painted
 * pustules read 1.15 median, 1.53 at the 99th percentile (calibration part); the bright rim of a
 * glasses frame, whose dark edges make a "halo" on two sides, 3–6 where it is found.
 */
export const PUS_ROUND_FROM = 2;
export const PUS_ROUND_TO = 3;
/** Red, not brown: the halo's Δa / |ΔL| soft over PUS_RED_FROM…PUS_RED_TO. */
export const PUS_RED_FROM = 0.15;
export const PUS_RED_TO = 0.3;

const ramp = (v: number) => (v <= 0 ? 0 : v >= 1 ? 1 : v);

interface Acc {
  a: Float32Array[];
  L: Float32Array[];
  n: Uint32Array;
}

export interface PustuleBuffers {
  halo: Acc;
  ring: Acc;
}

function acc(size: number): Acc {
  return {
    a: [0, 1, 2, 3].map(() => new Float32Array(size)),
    L: [0, 1, 2, 3].map(() => new Float32Array(size)),
    n: new Uint32Array(4),
  };
}

export function pustuleBuffers(maxR = 14): PustuleBuffers {
  const size = Math.ceil(Math.PI * (maxR + 1) ** 2);
  return { halo: acc(size), ring: acc(size) };
}

function median(v: Float32Array, n: number): number {
  const s = v.subarray(0, n).sort();
  return n % 2 ? (s[n >> 1] as number) : ((s[(n >> 1) - 1] as number) + (s[n >> 1] as number)) / 2;
}

function secondSmallest(v: number[]): number {
  const s = [...v].sort((p, q) => p - q);
  return s[1] as number;
}

export interface PustuleReading {
  /** The head's lightness above the halo's median (relative scale). */
  lift: number;
  /** The halo's redness and darkening against the skin ring, second smallest of the quarters. */
  red: number;
  dark: number;
  /** The same against the whole ring's median (for the red / brown ratio). */
  redMedian: number;
  darkMedian: number;
  /** Share of the ring on measured skin. */
  ringShare: number;
  /** The head's blob response (DoG) on the relative scale. */
  response: number;
}

/**
 * The head (disc of radius rc), halo (rc…rh) and skin ring (rIn…rOut) around (x, y): medians per
 * quarter, so a neighbouring lesion on one side does not decide. Null without enough skin.
 */
export function readPustule(
  input: Pick<LesionInput, 'width' | 'height' | 'L' | 'A' | 'core'>,
  x: number,
  y: number,
  rc: number,
  rh: number,
  rIn: number,
  rOut: number,
  buf: PustuleBuffers,
  response = 0,
): PustuleReading | null {
  const { width, height, L, A, core } = input;
  const R = Math.ceil(rOut);
  buf.halo.n.fill(0);
  buf.ring.n.fill(0);
  let cL = 0;
  let cn = 0;
  let ringArea = 0;
  for (let dy = -R; dy <= R; dy++) {
    const yy = y + dy;
    if (yy < 0 || yy >= height) continue;
    for (let dx = -R; dx <= R; dx++) {
      const xx = x + dx;
      if (xx < 0 || xx >= width) continue;
      const d2 = dx * dx + dy * dy;
      const inRing = d2 >= rIn * rIn && d2 <= rOut * rOut;
      if (inRing) ringArea++;
      const i = yy * width + xx;
      if (!core[i]) continue;
      if (d2 <= rc * rc) {
        cL += L[i] as number;
        cn++;
        continue;
      }
      const into = d2 <= rh * rh ? buf.halo : inRing ? buf.ring : null;
      if (!into) continue;
      const q = (dy < 0 ? 2 : 0) + (dx < 0 ? 1 : 0);
      const k = into.n[q] as number;
      if (k >= (into.a[q] as Float32Array).length) continue;
      (into.a[q] as Float32Array)[k] = A[i] as number;
      (into.L[q] as Float32Array)[k] = L[i] as number;
      into.n[q] = k + 1;
    }
  }
  let ringN = 0;
  for (let q = 0; q < 4; q++) {
    if ((buf.halo.n[q] as number) < 2 || (buf.ring.n[q] as number) < 2) return null;
    ringN += buf.ring.n[q] as number;
  }
  if (cn === 0) return null;
  const qs = [0, 1, 2, 3];
  const med = (s: Acc, ch: 'a' | 'L', q: number) =>
    median(s[ch][q] as Float32Array, s.n[q] as number);
  const haloA = qs.map((q) => med(buf.halo, 'a', q));
  const haloL = qs.map((q) => med(buf.halo, 'L', q));
  const ringA = qs.map((q) => med(buf.ring, 'a', q));
  const ringL = qs.map((q) => med(buf.ring, 'L', q));
  const mid = (v: number[]) => {
    const s = [...v].sort((p, q) => p - q);
    return ((s[1] as number) + (s[2] as number)) / 2;
  };
  const skinL = mid(ringL);
  const k = relScale(skinL);
  return {
    lift: k * (cL / cn - mid(haloL)),
    red: k * secondSmallest(qs.map((q) => (haloA[q] as number) - (ringA[q] as number))),
    dark: k * secondSmallest(qs.map((q) => (ringL[q] as number) - (haloL[q] as number))),
    redMedian: k * (mid(haloA) - mid(ringA)),
    darkMedian: k * (skinL - mid(haloL)),
    ringShare: ringArea ? ringN / ringArea : 0,
    response: k * response,
  };
}

/** The weight (0…1) of a pustule with this reading (½ at the threshold, soft like every count). */
export function pustuleWeight(r: PustuleReading): number {
  const clear = ramp((r.response - PUS_RESP) / (PUS_CLEAR - PUS_RESP));
  const red0 = Math.max(0, r.red);
  const halo =
    red0 + Math.min(Math.max(0, r.dark), DARK_FLAT * Math.max(red0, PUS_DARK_FLOOR * clear));
  const headShare = PUS_HEAD + (PUS_HEAD_CLEAR - PUS_HEAD) * clear;
  const strength = halo + Math.min(Math.max(0, r.lift), headShare * halo);
  const ratio = r.redMedian / Math.max(0.5, Math.abs(r.darkMedian));
  const red = ramp((ratio - PUS_RED_FROM) / (PUS_RED_TO - PUS_RED_FROM));
  const head = ramp((r.lift - PUS_LIFT) / PUS_LIFT_SPAN) * ramp((2 * r.response) / PUS_RESP - 1);
  const surround = ramp((r.ringShare - 0.55) / 0.25);
  return softAt(strength, PUS_MIN) * red * head * surround;
}

/** How round a head is (1 up to PUS_ROUND_FROM, 0 from PUS_ROUND_TO; decision 150). */
export function headRound(curvature: number): number {
  return ramp((PUS_ROUND_TO - curvature) / (PUS_ROUND_TO - PUS_ROUND_FROM));
}

const CIRCLE = Array.from({ length: 8 }, (_, k) => [
  Math.cos((k * Math.PI) / 4),
  Math.sin((k * Math.PI) / 4),
]) as Array<[number, number]>;

/**
 * A quick test before the full reading (most fine bright blobs are skin texture): the head is
 * lighter than the halo's circle and the halo's circle redder or darker than the ring's, each
 * sampled at 8 points (plain means, a bound well below what the full reading asks).
 */
function likelyPustule(
  input: Pick<LesionInput, 'width' | 'height' | 'L' | 'A'>,
  x: number,
  y: number,
  rHalo: number,
  rRing: number,
): boolean {
  const { width, height, L, A } = input;
  if (x - rRing < 0 || y - rRing < 0 || x + rRing >= width || y + rRing >= height) return false;
  let hL = 0;
  let hA = 0;
  let sL = 0;
  let sA = 0;
  for (const [c, s] of CIRCLE) {
    const h = Math.round(y + rHalo * s) * width + Math.round(x + rHalo * c);
    const o = Math.round(y + rRing * s) * width + Math.round(x + rRing * c);
    hL += L[h] as number;
    hA += A[h] as number;
    sL += L[o] as number;
    sA += A[o] as number;
  }
  const k = relScale(sL / 8);
  const lift = k * ((L[y * width + x] as number) - hL / 8);
  const halo = k * ((hA - sA) / 8 + Math.max(0, (sL - hL) / 8));
  return lift > PUS_LIFT / 2 && halo > 0;
}

/**
 * Pustules among the fine bright blobs of L* (`input.fineBright`) centred on `input.core`: each
 * read as head, halo and skin ring; the strongest within a pustule's radius of another is kept.
 */
export function detectPustules(input: LesionInput, buf = pustuleBuffers()): Lesion[] {
  const { width, core, shine } = input;
  const found: Lesion[] = [];
  for (const bl of input.fineBright as Blob[]) {
    const i = bl.y * width + bl.x;
    if (!core[i]) continue;
    const round = headRound(bl.curvature);
    if (round <= 0) continue;
    const rc = Math.max(1, Math.SQRT2 * bl.sigma);
    const rh = PUS_HALO * rc + PUS_HALO_PAD;
    const rIn = rh + 1.5;
    const rOut = rIn + Math.max(3, rc * 1.5);
    if (!likelyPustule(input, bl.x, bl.y, (rc + rh) / 2, (rIn + rOut) / 2)) continue;
    const r = readPustule(input, bl.x, bl.y, rc, rh, rIn, rOut, buf, bl.response);
    if (!r) continue;
    // A pustule's head is matte; a specular glint on plain skin is not one (its halo is not red
    // either; a glint on a papule's dome still finds the papule).
    const weight = pustuleWeight(r) * (1 - 0.5 * (shine[i] as number)) * round;
    if (weight <= 0) continue;
    found.push({
      ...bl,
      sigma: rh / Math.SQRT2,
      kind: 'inflammatory',
      weight,
      contrast: [r.lift, r.redMedian, 0],
    });
  }
  // One pustule, one mark: the strongest of the heads within a halo of each other.
  found.sort((p, q) => q.weight - p.weight);
  const kept: Lesion[] = [];
  for (const p of found)
    if (!kept.some((k) => (k.x - p.x) ** 2 + (k.y - p.y) ** 2 < (Math.SQRT2 * k.sigma) ** 2))
      kept.push(p);
  return kept;
}
