/** Small statistics over masked pixels. */

export function maskedMean(values: Float32Array, mask: Uint8Array): number {
  let sum = 0;
  let n = 0;
  for (let i = 0; i < values.length; i++) {
    if (mask[i]) {
      sum += values[i] as number;
      n++;
    }
  }
  return n ? sum / n : 0;
}

/** Quantile (0..1) of the masked values, by sorting a copy (exact, deterministic). */
export function maskedQuantile(values: Float32Array, mask: Uint8Array, q: number): number {
  let n = 0;
  for (let i = 0; i < mask.length; i++) if (mask[i]) n++;
  if (n === 0) return 0;
  const buf = new Float32Array(n);
  let k = 0;
  for (let i = 0; i < mask.length; i++) if (mask[i]) buf[k++] = values[i] as number;
  buf.sort();
  const pos = Math.min(n - 1, Math.max(0, q * (n - 1)));
  const lo = Math.floor(pos);
  const hi = Math.min(n - 1, lo + 1);
  const t = pos - lo;
  return (buf[lo] as number) * (1 - t) + (buf[hi] as number) * t;
}

/** Standard deviation of `values` over the mask after removing a least-squares plane a+bx+cy. */
export function detrendedStd(values: Float32Array, mask: Uint8Array, width: number): number {
  // Normal equations for the plane fit; coordinates centred for conditioning.
  let n = 0;
  let sx = 0;
  let sy = 0;
  for (let i = 0; i < mask.length; i++) {
    if (!mask[i]) continue;
    n++;
    sx += i % width;
    sy += Math.floor(i / width);
  }
  if (n < 10) return 0;
  const mx = sx / n;
  const my = sy / n;
  let sxx = 0;
  let syy = 0;
  let sxy = 0;
  let sv = 0;
  let sxv = 0;
  let syv = 0;
  for (let i = 0; i < mask.length; i++) {
    if (!mask[i]) continue;
    const x = (i % width) - mx;
    const y = Math.floor(i / width) - my;
    const v = values[i] as number;
    sxx += x * x;
    syy += y * y;
    sxy += x * y;
    sv += v;
    sxv += x * v;
    syv += y * v;
  }
  const det = sxx * syy - sxy * sxy;
  const bx = det !== 0 ? (sxv * syy - syv * sxy) / det : 0;
  const by = det !== 0 ? (syv * sxx - sxv * sxy) / det : 0;
  const a = sv / n;
  let ss = 0;
  for (let i = 0; i < mask.length; i++) {
    if (!mask[i]) continue;
    const r = (values[i] as number) - (a + bx * ((i % width) - mx) + by * (Math.floor(i / width) - my));
    ss += r * r;
  }
  return Math.sqrt(ss / n);
}
