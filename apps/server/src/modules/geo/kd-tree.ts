/** Mean Earth radius (IUGG), km. */
const EARTH_RADIUS_KM = 6371.0088;
const RAD = Math.PI / 180;

/** Great-circle distance by the haversine formula, in km. */
export function haversineKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = (lat2 - lat1) * RAD;
  const dLon = (lon2 - lon1) * RAD;
  const a =
    Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/**
 * Static 3-d tree over points on the unit sphere. Straight-line (chord) distance grows with
 * great-circle distance, so the nearest point in 3-d is the nearest on Earth — with none of a
 * lat/lon grid's trouble at the poles and the antimeridian.
 */
export class KdTree {
  /** Item ids in tree order: the node of range [lo, hi) sits at (lo + hi) >>> 1. */
  private readonly ids: Int32Array;
  private readonly xyz: Float64Array;
  private readonly axis: Uint8Array;

  constructor(
    items: readonly number[],
    lat: (item: number) => number,
    lon: (item: number) => number,
  ) {
    const n = items.length;
    this.ids = Int32Array.from(items);
    this.xyz = new Float64Array(n * 3);
    this.axis = new Uint8Array(n);
    for (let k = 0; k < n; k++) {
      const id = this.ids[k] ?? 0;
      this.setPoint(k, toXyz(lat(id), lon(id)));
    }
    this.build(0, n);
  }

  get size(): number {
    return this.ids.length;
  }

  /** Id of the item nearest to (lat, lon), or null when the tree is empty. */
  nearest(lat: number, lon: number): number | null {
    if (this.ids.length === 0) return null;
    const q = toXyz(lat, lon);
    let bestK = -1;
    let bestD = Infinity;
    const visit = (lo: number, hi: number) => {
      if (lo >= hi) return;
      const mid = (lo + hi) >>> 1;
      const d = this.dist2(mid, q);
      if (d < bestD) {
        bestD = d;
        bestK = mid;
      }
      const ax = this.axis[mid] ?? 0;
      const diff = (q[ax] ?? 0) - (this.xyz[mid * 3 + ax] ?? 0);
      const [near, far] =
        diff < 0
          ? [
              [lo, mid],
              [mid + 1, hi],
            ]
          : [
              [mid + 1, hi],
              [lo, mid],
            ];
      visit(near[0] ?? 0, near[1] ?? 0);
      if (diff * diff < bestD) visit(far[0] ?? 0, far[1] ?? 0);
    };
    visit(0, this.ids.length);
    return bestK < 0 ? null : (this.ids[bestK] ?? null);
  }

  private build(lo: number, hi: number) {
    if (hi - lo <= 1) return;
    // Split on the axis of widest spread, at the median.
    const min = [Infinity, Infinity, Infinity];
    const max = [-Infinity, -Infinity, -Infinity];
    for (let k = lo; k < hi; k++) {
      for (let a = 0; a < 3; a++) {
        const v = this.xyz[k * 3 + a] ?? 0;
        if (v < (min[a] ?? 0)) min[a] = v;
        if (v > (max[a] ?? 0)) max[a] = v;
      }
    }
    const spread = [0, 1, 2].map((a) => (max[a] ?? 0) - (min[a] ?? 0));
    const ax = spread.indexOf(Math.max(...spread));
    const mid = (lo + hi) >>> 1;
    this.select(lo, hi - 1, mid, ax);
    this.axis[mid] = ax;
    this.build(lo, mid);
    this.build(mid + 1, hi);
  }

  /** Hoare quickselect: puts the k-th smallest along `ax` at k, smaller left, larger right. */
  private select(left: number, right: number, k: number, ax: number) {
    let lo = left;
    let hi = right;
    while (lo < hi) {
      const pivot = this.xyz[((lo + hi) >>> 1) * 3 + ax] ?? 0;
      let i = lo;
      let j = hi;
      while (i <= j) {
        while ((this.xyz[i * 3 + ax] ?? 0) < pivot) i++;
        while ((this.xyz[j * 3 + ax] ?? 0) > pivot) j--;
        if (i <= j) {
          this.swap(i, j);
          i++;
          j--;
        }
      }
      if (k <= j) hi = j;
      else if (k >= i) lo = i;
      else return;
    }
  }

  private swap(a: number, b: number) {
    const id = this.ids[a] ?? 0;
    this.ids[a] = this.ids[b] ?? 0;
    this.ids[b] = id;
    for (let c = 0; c < 3; c++) {
      const v = this.xyz[a * 3 + c] ?? 0;
      this.xyz[a * 3 + c] = this.xyz[b * 3 + c] ?? 0;
      this.xyz[b * 3 + c] = v;
    }
  }

  private setPoint(k: number, p: [number, number, number]) {
    this.xyz[k * 3] = p[0];
    this.xyz[k * 3 + 1] = p[1];
    this.xyz[k * 3 + 2] = p[2];
  }

  private dist2(k: number, q: [number, number, number]): number {
    const dx = (this.xyz[k * 3] ?? 0) - q[0];
    const dy = (this.xyz[k * 3 + 1] ?? 0) - q[1];
    const dz = (this.xyz[k * 3 + 2] ?? 0) - q[2];
    return dx * dx + dy * dy + dz * dz;
  }
}

function toXyz(lat: number, lon: number): [number, number, number] {
  const phi = lat * RAD;
  const lambda = lon * RAD;
  return [Math.cos(phi) * Math.cos(lambda), Math.cos(phi) * Math.sin(lambda), Math.sin(phi)];
}
