/** One float channel (e.g. CIELAB L*), row-major. */
export interface Plane {
  data: Float32Array;
  width: number;
  height: number;
}

/**
 * Reusable typed-array memory for one analysis step (decision 044). An analysis allocates some
 * sixty frame-sized planes and masks; allocated fresh each time they kept V8's external-memory
 * accounting starting a full (mark-compact) collection after about every photo. A Scratch lends
 * views on buffers it keeps, and takes them all back at `release()`, so the next photo reuses them.
 *
 * Rules that keep it safe:
 * - Only temporaries come from a Scratch: nothing lent may end up in a result (those are allocated
 *   fresh), and nothing lent may be used after `release()`.
 * - Lending and release happen in one synchronous call (buildFaceFrame, measureFace), which no
 *   other analysis can interleave with; each engine owns its own Scratch.
 * - `zero = true` (the default) gives zero-filled memory, as `new Float32Array(n)` would; `false`
 *   only where the caller writes every element before reading it.
 *
 * Buffers are matched by capacity (the smallest free one that is large enough; new ones are
 * rounded up to 64 KiB), so working frames of slightly different sizes share them.
 */
export class Scratch {
  private free: ArrayBuffer[] = [];
  private lent: ArrayBuffer[] = [];
  private kept = 0;

  /** One analysis of a 1280×720 portrait holds ≈ 10 MB; 40 photos of all sizes ≈ 31 MB. */
  static readonly MAX_BYTES = 64 * 1024 * 1024;
  private static readonly GRAIN = 64 * 1024;

  /** `maxBytes`: pooled bytes beyond which released buffers are dropped (left to the collector). */
  constructor(private readonly maxBytes = Scratch.MAX_BYTES) {}

  /**
   * A buffer of at least `bytes`, its first `bytes` zero when `zero`. A new ArrayBuffer is zero
   * already, so only a reused one is cleared (decision 146: on a cold engine every buffer is new,
   * and clearing it again was a pass over memory the system had just zeroed).
   */
  private take(bytes: number, zero: boolean): ArrayBuffer {
    let best = -1;
    for (let i = 0; i < this.free.length; i++) {
      const size = (this.free[i] as ArrayBuffer).byteLength;
      if (size >= bytes && (best < 0 || size < (this.free[best] as ArrayBuffer).byteLength))
        best = i;
    }
    let buffer: ArrayBuffer;
    if (best >= 0) {
      buffer = this.free[best] as ArrayBuffer;
      this.free[best] = this.free[this.free.length - 1] as ArrayBuffer;
      this.free.pop();
      if (zero) new Uint8Array(buffer, 0, bytes).fill(0);
    } else {
      const size = Math.max(Scratch.GRAIN, Math.ceil(bytes / Scratch.GRAIN) * Scratch.GRAIN);
      buffer = new ArrayBuffer(size);
      this.kept += size;
    }
    this.lent.push(buffer);
    return buffer;
  }

  f32(length: number, zero = true): Float32Array {
    return new Float32Array(this.take(length * 4, zero), 0, length);
  }

  u8(length: number, zero = true): Uint8Array {
    return new Uint8Array(this.take(length, zero), 0, length);
  }

  i8(length: number, zero = true): Int8Array {
    return new Int8Array(this.take(length, zero), 0, length);
  }

  plane(width: number, height: number, zero = true): Plane {
    return { data: this.f32(width * height, zero), width, height };
  }

  /** Takes back everything lent since the last release: none of it may be used afterwards. */
  release(): void {
    for (const buffer of this.lent) {
      if (this.kept > this.maxBytes) this.kept -= buffer.byteLength;
      else this.free.push(buffer);
    }
    this.lent = [];
  }

  /**
   * Runs one analysis step with this pool and takes back everything it borrowed when the step
   * returns or throws: the only way buildFaceFrame and measureFace use it.
   */
  lend<T>(step: (pool: Scratch) => T): T {
    try {
      return step(this);
    } finally {
      this.release();
    }
  }

  /** Bytes held (lent and free), for tests. */
  get bytes(): number {
    return this.kept;
  }
}

/** A Float32Array from the pool when there is one, else a new (zeroed) one. */
export function f32(pool: Scratch | undefined, length: number, zero = true): Float32Array {
  return pool ? pool.f32(length, zero) : new Float32Array(length);
}

export function u8(pool: Scratch | undefined, length: number, zero = true): Uint8Array {
  return pool ? pool.u8(length, zero) : new Uint8Array(length);
}

export function plane(
  pool: Scratch | undefined,
  width: number,
  height: number,
  zero = true,
): Plane {
  return { data: f32(pool, width * height, zero), width, height };
}
