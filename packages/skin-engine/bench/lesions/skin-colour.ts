/** sRGB ↔ linear light and a colour's skin tone (ITA°), for the lesion synthesiser. */

export function srgbToLinear(v8: number): number {
  const c = v8 / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

export function linearToSrgb8(l: number): number {
  const c = Math.min(1, Math.max(0, l));
  const s = c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055;
  return Math.round(255 * s);
}

/** ITA° (individual typology angle) of an 8-bit sRGB colour (D65): atan2(L* − 50, b*). */
export function itaOfSrgb(rgb: readonly [number, number, number]): number {
  const [r, g, b] = rgb.map((v) => srgbToLinear(v)) as [number, number, number];
  const y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  const z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t) / 116 + 16 / 116);
  const L = 116 * f(y) - 16;
  const bStar = 200 * (f(y) - f(z));
  return (Math.atan2(L - 50, bStar) * 180) / Math.PI;
}

/**
 * Darkness of skin of this ITA° on 0 (very light, ITA° ≥ 55) … 1 (dark, ITA° ≤ −30): drives the
 * melanin part of inflammation and the paint colour.
 */
export function darknessOfIta(ita: number): number {
  return Math.min(1, Math.max(0, (55 - ita) / 85));
}
