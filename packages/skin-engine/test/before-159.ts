/**
 * The hair pass's per-pixel loops decision 159 rewrote (hairRule, weighOnSkin, zoneSkin), as they
 * were before it, verbatim but for names, exports, imports and hairRule's input (its `measured`
 * and `fold` as the one object it read them from): first-run-159.test.ts checks that the
 * rewritten ones give exactly what these give. Test code only.
 */
import { HAIR_FOLD, hairness } from '../src/metrics/hair';

/** Each measured pixel's texture and darkening ratios and its hair weight by the rule. */
export function hairRuleBefore(
  input: { measured: Uint8Array; fold?: Float32Array },
  localL: Float32Array,
  refTexture: number,
  refL: number,
  out: { texture: Float32Array; darkening: Float32Array; raw: Float32Array; support: Uint8Array },
): void {
  const { measured, fold } = input;
  const { texture, darkening, raw, support } = out;
  for (let i = 0; i < measured.length; i++) {
    if (!measured[i]) continue;
    if (fold && (fold[i] as number) > HAIR_FOLD) continue;
    const e = (texture[i] as number) / refTexture;
    const d = (refL - (localL[i] as number)) / refL;
    texture[i] = e;
    darkening[i] = d;
    const h = hairness(e, d);
    if (h > 0) {
      raw[i] = h;
      support[i] = 1;
    }
  }
}

/** The grown weight on the measured skin, and where it is at least ½. */
export function weighOnSkinBefore(
  grown: Float32Array,
  measured: Uint8Array,
  weight: Float32Array,
  mask: Uint8Array,
): void {
  for (let i = 0; i < measured.length; i++) {
    if (!measured[i]) continue;
    const w = grown[i] as number;
    weight[i] = w;
    if (w >= 0.5) mask[i] = 1;
  }
}

export function zoneSkinBefore(
  src: Uint8Array,
  hairWeight: Float32Array,
  skinW: Float32Array,
  mask: Uint8Array,
  measured: Uint8Array,
  core: Uint8Array,
  range: [number, number, number, number],
): [number, number] {
  const start = range[0];
  const end = range[1];
  const width = range[2];
  const hairFromY = range[3];
  const out = { src, hairWeight, skinW, mask, measured, core };
  zoneAcc[0] = 0;
  zoneAcc[1] = 0;
  for (let s = start; s < end; s += ZONE_CHUNK)
    zoneSkinRangeBefore(out, s, Math.min(end, s + ZONE_CHUNK), width, hairFromY);
  return [zoneAcc[0] as number, zoneAcc[1] as number];
}

const ZONE_CHUNK = 1024;
const zoneAcc = new Float64Array(2);

function zoneSkinRangeBefore(
  planes: {
    src: Uint8Array;
    hairWeight: Float32Array;
    skinW: Float32Array;
    mask: Uint8Array;
    measured: Uint8Array;
    core: Uint8Array;
  },
  start: number,
  end: number,
  width: number,
  hairFromY: number,
): void {
  const { src, hairWeight, skinW, mask, measured, core } = planes;
  let pixels = zoneAcc[0] as number;
  let hairPx = zoneAcc[1] as number;
  for (let i = start; i < end; i++) {
    if (!src[i]) continue;
    const y = (i / width) | 0;
    const h = y >= hairFromY ? (hairWeight[i] as number) : 0;
    hairPx += h;
    if (h >= 1) continue;
    const w = 1 - h;
    skinW[i] = w;
    mask[i] = 1;
    measured[i] = 1;
    if (w >= 0.5) core[i] = 1;
    pixels += w;
  }
  zoneAcc[0] = pixels;
  zoneAcc[1] = hairPx;
}
