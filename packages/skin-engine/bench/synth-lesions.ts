/**
 * Synthetic acne lesions painted on a real portrait, for the lesion benchmark (bench/lesions.ts,
 * issue 29; where they go and how marks are matched: bench/lesions/placement.ts). Nothing here ships. Every function is pure (inputs are never modified) and
 * deterministic given its seed, so it can be unit-tested as it is.
 *
 * Kinds and sizes (radius, in mm of skin; mm per image px ≈ 192 / capture.face_px):
 *   papule           1.5–2.5 mm  inflamed dome: haemoglobin, plus melanin on darker skin
 *   pustule          1.5–2.5 mm  a papule with a small whitish-yellow core
 *   nodule           3–4 mm      deeper and broader: weaker, softer-edged, more melanin/bluish
 *   open_comedone    0.3–0.75 mm blackhead: dark grey-brown, sharp-edged, flat
 *   closed_comedone  0.5–1 mm    whitehead: slightly lighter dome with shading
 *   macule           1–3 mm      dark spot / post-inflammatory mark: flat brown, irregular edge
 *   cluster          3–6 papules within 6–10 mm, some overlapping on a shared faint erythema
 *                    (the ground truth lists each papule, kind 'papule', with its cluster id)
 *
 * Three renderings (the bench runs the first two unless asked for the third):
 *  - 'linear' (physical): in linear light each channel is multiplied by exp(−p(d)·ΔOD_c), with
 *    ΔOD = h·HB + m·MEL, HB = [0.12, 1.0, 0.75] (haemoglobin's relative optical density in R, G,
 *    B) and MEL = [1.0, 1.35, 1.9] (melanin's). p is the lesion's profile: a soft-edged dome for
 *    raised lesions, flat with a soft irregular edge for macules. Inflammation on darker skin
 *    carries a melanin/violaceous part m = h × (0.1 … 0.6), growing with the local skin's
 *    darkness (it looks violaceous/dark brown there, not red). Raised lesions get shading lit from
 *    above (upper half up to +5 %, lower half down to −6 %) and papules/pustules sometimes a tiny
 *    specular glint.
 *  - 'paint' (a painter who does not work in linear light): alpha-blending in sRGB of a lesion
 *    colour chosen for the skin tone (reddish on pale skin, red-brown/violaceous darker than the
 *    skin on dark skin), with the same profiles and an sRGB shading.
 *  - 'stamp' (a naive painter, as another synthesiser may be): the same profiles alpha-blended in
 *    sRGB with one fixed colour per kind whatever the skin (a red from [200, 70, 75] to
 *    [140, 60, 60] by the lesion's haemoglobin draw, so lighter than dark skin where it is
 *    painted), flat: no shading, no glint. It draws nothing more from the PRNG, so the three
 *    renderings see the same lesions in the same places.
 */
import type { PixelImage } from '../src/image/raster';
import { mulberry32 } from './dev-faces';
import { darknessOfIta, itaOfSrgb, linearToSrgb8, srgbToLinear } from './lesions/skin-colour';

/** A decoded RGB photo (channels must be 3: `paintLesions` throws otherwise). */
export type Rgb8 = PixelImage & { data: Uint8Array };

export const LESION_KINDS = [
  'papule',
  'pustule',
  'nodule',
  'open_comedone',
  'closed_comedone',
  'macule',
  'cluster',
] as const;
export type LesionKind = (typeof LESION_KINDS)[number];
/** The kinds a painted lesion (ground truth) can have: a cluster is listed as its papules. */
export type TruthKind = Exclude<LesionKind, 'cluster'>;

export type RenderMode = 'linear' | 'paint' | 'stamp';

/** One lesion to paint: its kind and centre (image px); the radius is drawn unless given. */
export interface LesionSpec {
  kind: LesionKind;
  x: number;
  y: number;
  /** Radius in mm (a cluster: the radius of the circle its papules lie in). Drawn if absent. */
  rMm?: number;
  /** A cluster's number of papules (3–6). Drawn if absent. */
  count?: number;
}

/** A painted lesion, as the benchmark matches it. */
export interface TruthLesion {
  x: number;
  y: number;
  rPx: number;
  kind: TruthKind;
  /** Index of the cluster spec it belongs to, for clusters' papules. */
  cluster?: number;
}

export interface SynthOptions {
  /** mm of skin per image pixel: 192 / capture.face_px. */
  mmPerPx: number;
  mode: RenderMode;
  seed: number;
}

/** Relative optical densities (R, G, B) of haemoglobin and melanin. */
export const HB = [0.12, 1.0, 0.75] as const;
export const MEL = [1.0, 1.35, 1.9] as const;

/** Radius range in mm of each kind (a cluster: the radius of the circle holding its papules). */
export const RADIUS_MM: Record<LesionKind, readonly [number, number]> = {
  papule: [1.5, 2.5],
  pustule: [1.5, 2.5],
  nodule: [3, 4],
  open_comedone: [0.3, 0.75],
  closed_comedone: [0.5, 1],
  macule: [1, 3],
  cluster: [3, 5],
};

export { mulberry32 };

/** A 32-bit seed from a string (FNV-1a), to derive per-photo, per-variant seeds. */
export function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const LUT = Array.from({ length: 256 }, (_, v) => srgbToLinear(v));

/** Median 8-bit colour of the pixels in the ring r1 ≤ d ≤ r2 around (x, y): the skin around it. */
export function localSkin(
  img: Rgb8,
  x: number,
  y: number,
  r1: number,
  r2: number,
): [number, number, number] {
  const ch: number[][] = [[], [], []];
  const x0 = Math.max(0, Math.floor(x - r2));
  const x1 = Math.min(img.width - 1, Math.ceil(x + r2));
  const y0 = Math.max(0, Math.floor(y - r2));
  const y1 = Math.min(img.height - 1, Math.ceil(y + r2));
  const step = Math.max(1, Math.floor(r2 / 12));
  for (let py = y0; py <= y1; py += step)
    for (let px = x0; px <= x1; px += step) {
      const d = Math.hypot(px - x, py - y);
      if (d < r1 || d > r2) continue;
      const i = (py * img.width + px) * 3;
      for (let c = 0; c < 3; c++) (ch[c] as number[]).push(img.data[i + c] as number);
    }
  return ch.map((v) => {
    if (!v.length) return 128;
    v.sort((a, b) => a - b);
    return v[v.length >> 1] as number;
  }) as [number, number, number];
}

/** Logistic soft-edged disc: 1 inside, 0.5 at d = r, falling over ≈ 2·soft·r. */
export function softDisc(d: number, r: number, soft: number): number {
  return 1 / (1 + Math.exp((d / r - 1) / Math.max(1e-3, soft)));
}

/**
 * Profile of a raised lesion at distance d: a dome (1 − (d/r)²)^0.5 blended into a soft edge,
 * so the colour is strongest at the top and fades over the rim.
 */
export function domeProfile(d: number, r: number, soft: number): number {
  const q = d / r;
  const dome = q < 1 ? Math.sqrt(1 - q * q) : 0;
  return softDisc(d, r, soft) * (0.45 + 0.55 * dome);
}

/** Flat profile with a soft, irregular edge: the edge radius is r·(1 + wobble(θ)). */
export function flatProfile(d: number, r: number, soft: number, wobble: number): number {
  return softDisc(d, r * (1 + wobble), soft);
}

/**
 * Shading of a dome lit from above, as a relative change of brightness: upper half up to +up,
 * lower half down to −down. (dx, dy) from the centre in px, y downward; `a` the dome's width.
 */
export function domeShading(dx: number, dy: number, a: number, up = 0.05, down = 0.06): number {
  const g = (-dy / a) * Math.exp(-(dx * dx + dy * dy) / (a * a)) * Math.sqrt(2 * Math.E);
  return g > 0 ? up * Math.min(1, g) : down * Math.max(-1, g);
}

/** The parameters one lesion is painted with (drawn from the PRNG, see `drawParams`). */
export interface LesionParams {
  kind: TruthKind;
  x: number;
  y: number;
  rPx: number;
  /** Haemoglobin and melanin density at the profile's peak; `grey` for open comedones. */
  h: number;
  m: number;
  grey: number;
  /** Edge softness (fraction of the radius). */
  soft: number;
  /** Shading strength (1 = ±5/6 %) and whether a glint is drawn. */
  shade: number;
  glint: number;
  /** Pustule core radius (fraction of r) and strength; whitehead lightening (OD < 0). */
  core: number;
  lift: number;
  /** Edge wobble harmonics (macules), the ellipse's axis ratio and angle. */
  wobble: Array<[number, number, number]>;
  aspect: number;
  angle: number;
  /** Paint mode: alpha at the peak. */
  alpha: number;
  /** 0 (pale) … 1 (dark) skin around it. */
  darkness: number;
  skin: [number, number, number];
}

const lerp = (a: number, b: number, t: number) => a + (b - a) * t;

/** Draws the painting parameters of one lesion of `kind` with radius `rPx` on skin `skin`. */
export function drawParams(
  kind: TruthKind,
  x: number,
  y: number,
  rPx: number,
  skin: [number, number, number],
  rand: () => number,
): LesionParams {
  const darkness = darknessOfIta(itaOfSrgb(skin));
  const u = () => rand();
  const p: LesionParams = {
    kind,
    x,
    y,
    rPx,
    h: 0,
    m: 0,
    grey: 0,
    soft: 0.15,
    shade: 0,
    glint: 0,
    core: 0,
    lift: 0,
    wobble: [],
    aspect: 1 + 0.25 * u(),
    angle: Math.PI * u(),
    alpha: 0,
    darkness,
    skin,
  };
  // Inflammation's melanin/violaceous share: 0.1 on the palest skin up to 0.6 on the darkest.
  const melShare = () => (0.1 + 0.5 * darkness) * lerp(0.75, 1.25, u());
  switch (kind) {
    case 'papule':
    case 'pustule':
      p.h = lerp(0.25, 0.5, u());
      p.m = p.h * melShare();
      p.soft = lerp(0.1, 0.2, u());
      p.shade = lerp(0.7, 1, u());
      p.glint = u() < 0.35 ? lerp(0.1, 0.25, u()) : 0;
      if (kind === 'pustule') {
        p.core = lerp(0.3, 0.45, u());
        p.lift = lerp(0.55, 0.85, u());
      }
      p.alpha = lerp(0.45, 0.65, u());
      break;
    case 'nodule':
      // Deeper: less haemoglobin reaches the surface, more of it reads bluish-dark; broad, soft.
      p.h = lerp(0.2, 0.38, u());
      p.m = p.h * (melShare() + 0.15);
      p.soft = lerp(0.22, 0.32, u());
      p.shade = lerp(0.6, 0.9, u());
      p.alpha = lerp(0.35, 0.5, u());
      break;
    case 'open_comedone':
      p.grey = lerp(0.5, 1.2, u());
      p.soft = lerp(0.05, 0.1, u());
      p.aspect = 1 + 0.15 * u();
      p.alpha = lerp(0.7, 0.9, u());
      break;
    case 'closed_comedone':
      p.lift = lerp(0.06, 0.14, u());
      p.h = lerp(0, 0.05, u());
      p.soft = lerp(0.15, 0.25, u());
      p.shade = lerp(0.8, 1.2, u());
      p.glint = u() < 0.25 ? lerp(0.05, 0.15, u()) : 0;
      p.alpha = lerp(0.25, 0.4, u());
      break;
    case 'macule':
      p.m = lerp(0.2, 0.5, u());
      p.h = lerp(0, 0.08, u());
      p.soft = lerp(0.08, 0.16, u());
      p.wobble = [2, 3, 4, 5].map((k) => [k, (0.12 / k) * (0.5 + u()), 2 * Math.PI * u()]);
      p.aspect = 1 + 0.35 * u();
      p.alpha = lerp(0.35, 0.55, u());
      break;
  }
  return p;
}

/** ΔOD (R, G, B) at the profile's peak: h·HB + m·MEL, or the near-grey OD of a blackhead. */
export function peakOd(p: LesionParams): [number, number, number] {
  if (p.kind === 'open_comedone') return [p.grey, p.grey * 1.04, p.grey * 1.12];
  return [0, 1, 2].map(
    (c) =>
      p.h * (HB[c] as number) +
      p.m * (MEL[c] as number) -
      p.lift * (p.kind === 'closed_comedone' ? 1 : 0),
  ) as [number, number, number];
}

/** The sRGB colour a painter would blend in for this lesion on this skin (see the file comment). */
export function paintColour(p: LesionParams): [number, number, number] {
  const s = p.skin;
  const t = p.darkness;
  switch (p.kind) {
    case 'papule':
    case 'pustule':
    case 'nodule': {
      // Reddish on pale skin; red-brown/violaceous darker than the skin on dark skin.
      const pale: [number, number, number] = [206, 92, 96];
      const dark: [number, number, number] = [s[0] * 0.8, s[1] * 0.55, s[2] * 0.66];
      const c = [0, 1, 2].map((k) => lerp(pale[k] as number, dark[k] as number, t));
      return (p.kind === 'nodule' ? c.map((v, k) => lerp(v, s[k] as number, 0.2) * 0.94) : c) as [
        number,
        number,
        number,
      ];
    }
    case 'open_comedone':
      return [62, 52, 46];
    case 'closed_comedone':
      return s.map((v) => Math.min(255, v * 1.12 + 8)) as [number, number, number];
    case 'macule':
      return [s[0] * 0.74, s[1] * 0.64, s[2] * 0.58];
  }
}

/**
 * The 'stamp' painter's colour: fixed per kind, the skin not looked at (a blackhead's and a
 * whitehead's are the paint colours: the first is fixed already, the second is only visible as a
 * lightening of the skin).
 */
export function stampColour(p: LesionParams): [number, number, number] {
  switch (p.kind) {
    case 'papule':
    case 'pustule':
    case 'nodule': {
      const t = Math.max(0, Math.min(1, (p.h - 0.2) / 0.3));
      const c: [number, number, number] = [lerp(200, 140, t), lerp(70, 60, t), lerp(75, 60, t)];
      return p.kind === 'nodule' ? [c[0] * 0.9, c[1], c[2] * 1.1] : c;
    }
    case 'macule':
      return [90, 60, 45];
    default:
      return paintColour(p);
  }
}

/** Profile value of lesion p at pixel offset (dx, dy), with the ellipse and edge wobble. */
function profileAt(p: LesionParams, dx: number, dy: number): number {
  const ca = Math.cos(p.angle);
  const sa = Math.sin(p.angle);
  const u = dx * ca + dy * sa;
  const v = (-dx * sa + dy * ca) * p.aspect;
  const d = Math.hypot(u, v);
  if (p.kind === 'macule') {
    const th = Math.atan2(v, u);
    let w = 0;
    for (const [k, amp, ph] of p.wobble) w += amp * Math.sin(k * th + ph);
    return flatProfile(d, p.rPx, p.soft, w);
  }
  if (p.kind === 'open_comedone') return softDisc(d, p.rPx, p.soft);
  return domeProfile(d, p.rPx, p.soft);
}

/** Paints one lesion into `out` (a copy the caller owns), reading the skin from `src`. */
function paintOne(out: Uint8Array, src: Rgb8, p: LesionParams, mode: RenderMode, halo: number) {
  const { width, height } = src;
  const reach = p.rPx * (1 + 6 * p.soft) + 2 + (halo > 0 ? 1.2 * p.rPx : 0);
  const x0 = Math.max(0, Math.floor(p.x - reach));
  const x1 = Math.min(width - 1, Math.ceil(p.x + reach));
  const y0 = Math.max(0, Math.floor(p.y - reach));
  const y1 = Math.min(height - 1, Math.ceil(p.y + reach));
  const od = peakOd(p);
  // Pus is whitish-yellow, but a scattering layer over dark skin does not reach a pale skin's
  // white: the core's target is capped relative to the skin around it.
  const skinLin = p.skin.map((v) => srgbToLinear(v));
  const pusLin = [0.78, 0.68, 0.42].map((v, c) => Math.min(v, 2.2 * (skinLin[c] as number) + 0.05));
  const pus8 = [236, 224, 168].map((v, c) => Math.min(v, 1.6 * (p.skin[c] as number) + 30));
  const stamp = mode === 'stamp';
  const colour = stamp ? stampColour(p) : paintColour(p);
  const raised = !stamp && p.kind !== 'macule' && p.kind !== 'open_comedone';
  const glintX = p.x - 0.2 * p.rPx;
  const glintY = p.y - 0.35 * p.rPx;
  const glintR = Math.max(0.6, 0.15 * p.rPx);
  // Anti-aliasing: 2×2 supersampling of the profile (small comedones are ~1–2 px across).
  const offs = [-0.25, 0.25];
  for (let py = y0; py <= y1; py++) {
    for (let px = x0; px <= x1; px++) {
      let prof = 0;
      let shade = 0;
      let core = 0;
      for (const oy of offs)
        for (const ox of offs) {
          const dx = px + ox - p.x;
          const dy = py + oy - p.y;
          prof += profileAt(p, dx, dy) / 4;
          if (raised) shade += (p.shade * domeShading(dx, dy, 0.75 * p.rPx)) / 4;
          if (p.core > 0) core += softDisc(Math.hypot(dx, dy), p.core * p.rPx, 0.15) / 4;
        }
      // A papule's erythema fades out past its rim (the halo), a cluster's shared base is separate.
      const dHalo = Math.hypot(px - p.x, py - p.y);
      const haloP = halo > 0 ? halo * Math.exp(-((dHalo / (1.6 * p.rPx)) ** 2)) : 0;
      const glint =
        p.glint > 0 && !stamp
          ? p.glint * Math.exp(-(((px - glintX) ** 2 + (py - glintY) ** 2) / glintR ** 2))
          : 0;
      if (prof < 0.002 && haloP < 0.002 && Math.abs(shade) < 0.001 && glint < 0.002) continue;
      const i = (py * width + px) * 3;
      for (let c = 0; c < 3; c++) {
        const s8 = out[i + c] as number;
        if (mode === 'linear') {
          let l = LUT[s8] as number;
          const odC = od[c] as number;
          const haloOd = haloP * ((HB[c] as number) * p.h + (MEL[c] as number) * p.m * 0.5);
          l *= Math.exp(-prof * odC - haloOd);
          if (core > 0) {
            // Pus: a scattering whitish-yellow core.
            l = lerp(l, pusLin[c] as number, core * p.lift);
          }
          l *= 1 + shade;
          l += glint * (1 - l);
          out[i + c] = linearToSrgb8(l);
        } else {
          let v = s8;
          const a = Math.min(1, prof * p.alpha + haloP * p.alpha * 0.6);
          v = lerp(v, colour[c] as number, a);
          if (core > 0) v = lerp(v, pus8[c] as number, core * p.lift);
          v *= 1 + shade;
          v += glint * (255 - v);
          out[i + c] = Math.max(0, Math.min(255, Math.round(v)));
        }
      }
    }
  }
}

/**
 * Expands the specs into the lesions to paint (clusters into their papules) with radii drawn in
 * mm, and the ground truth. Pure: the same specs and seed give the same lesions.
 */
export function planLesions(
  specs: readonly LesionSpec[],
  mmPerPx: number,
  rand: () => number,
): Array<{ kind: TruthKind; x: number; y: number; rPx: number; cluster?: number; halo: number }> {
  const out: Array<{
    kind: TruthKind;
    x: number;
    y: number;
    rPx: number;
    cluster?: number;
    halo: number;
  }> = [];
  specs.forEach((s, k) => {
    const [lo, hi] = RADIUS_MM[s.kind];
    const rMm = s.rMm ?? lerp(lo, hi, rand());
    if (s.kind !== 'cluster') {
      const halo = s.kind === 'papule' || s.kind === 'pustule' ? lerp(0.15, 0.35, rand()) : 0;
      out.push({ kind: s.kind, x: s.x, y: s.y, rPx: rMm / mmPerPx, halo });
      return;
    }
    // 3–6 papules within a circle of radius rMm (6–10 mm across); the smaller papules of a
    // cluster (1.5–2 mm) may overlap (confluent): centres at least 1.2 mm apart.
    const n = s.count ?? 3 + Math.floor(rand() * 4);
    const placed: Array<[number, number, number]> = [];
    for (let tries = 0; placed.length < n && tries < 400; tries++) {
      const r = lerp(1.5, 2.2, rand());
      const ang = 2 * Math.PI * rand();
      const rad = Math.sqrt(rand()) * Math.max(0, rMm - 0.6 * r);
      const px = rad * Math.cos(ang);
      const py = rad * Math.sin(ang);
      if (placed.some(([qx, qy]) => Math.hypot(px - qx, py - qy) < 1.2 + 0.3 * r)) continue;
      placed.push([px, py, r]);
    }
    for (const [px, py, r] of placed)
      out.push({
        kind: 'papule',
        x: s.x + px / mmPerPx,
        y: s.y + py / mmPerPx,
        rPx: r / mmPerPx,
        cluster: k,
        halo: lerp(0.2, 0.4, rand()),
      });
  });
  return out;
}

/**
 * Paints the lesions of `specs` on a copy of `img` and returns it with the ground truth
 * (clusters listed as their papules). Pure and deterministic in `opts.seed`.
 */
export function paintLesions(
  img: Rgb8,
  specs: readonly LesionSpec[],
  opts: SynthOptions,
): { image: Rgb8; truth: TruthLesion[] } {
  if (img.channels !== 3) throw new TypeError('paintLesions expects RGB (3 channels)');
  const rand = mulberry32(opts.seed);
  const plan = planLesions(specs, opts.mmPerPx, rand);
  const data = new Uint8Array(img.data);
  // A cluster's shared faint erythema base (confluence), painted first.
  specs.forEach((s, k) => {
    if (s.kind !== 'cluster') return;
    const members = plan.filter((l) => l.cluster === k);
    if (!members.length) return;
    const rBase = (s.rMm ?? 4) / opts.mmPerPx;
    const skin = localSkin(img, s.x, s.y, 1.3 * rBase, 2.2 * rBase);
    const base = drawParams('papule', s.x, s.y, rBase, skin, rand);
    base.h = lerp(0.08, 0.14, rand());
    base.m = base.h * (0.1 + 0.5 * base.darkness);
    base.soft = 0.35;
    base.shade = 0;
    base.glint = 0;
    base.alpha = 0.18;
    paintOne(data, img, base, opts.mode, 0);
  });
  const truth: TruthLesion[] = [];
  for (const l of plan) {
    const skin = localSkin(img, l.x, l.y, 1.6 * l.rPx + 1, 3.2 * l.rPx + 3);
    const p = drawParams(l.kind, l.x, l.y, l.rPx, skin, rand);
    paintOne(data, img, p, opts.mode, l.halo);
    truth.push({
      x: l.x,
      y: l.y,
      rPx: l.rPx,
      kind: l.kind,
      ...(l.cluster !== undefined ? { cluster: l.cluster } : {}),
    });
  }
  return { image: { ...img, data, channels: 3 }, truth };
}
