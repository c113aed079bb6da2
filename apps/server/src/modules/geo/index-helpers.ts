/* The gazetteer's small list helpers: its name indexes are sorted arrays and maps of row lists. */

/** 'Portland, OR, US' → ['Portland', ['OR', 'US']]. */
export function splitHead(text: string): [string, string[]] {
  const parts = text
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
  return [parts[0] ?? '', parts.slice(1)];
}

export function push(map: Map<string, number[]>, key: string, value: number) {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else if (list.at(-1) !== value) list.push(value);
}

export function lowerBound(sorted: string[], key: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] ?? '') < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Keeps `top` as the `limit` best items, best first. */
export function insertTop(
  top: number[],
  item: number,
  limit: number,
  compare: (a: number, b: number) => number,
) {
  let at = top.length;
  while (at > 0 && compare(item, top[at - 1] ?? item) > 0) at--;
  if (at >= limit) return;
  top.splice(at, 0, item);
  if (top.length > limit) top.pop();
}
