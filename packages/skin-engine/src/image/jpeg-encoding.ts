/**
 * How a JPEG file stored its colour: how many luma samples share one chroma sample and how coarsely
 * the chroma was quantised (decision 171). Read from the file's own headers (SOFn and DQT), before
 * the first scan; the pixels are not touched. A small papule's redness lives in the chroma planes,
 * which a JPEG stores at half resolution (4:2:0) and quantises in blocks of 16 × 16 image pixels:
 * the coarser they are, the more of it the save removed (metrics/compression.ts).
 */
export interface ImageEncoding {
  /** Luma samples per chroma sample: 1 (4:4:4), 2 (4:2:2, 4:4:0) or 4 (4:2:0). */
  chromaSubsampling: number;
  /** Mean step of the chroma quantisation tables' 3 × 3 lowest frequencies (JPEG units, 8-bit). */
  chromaStep: number;
  /**
   * Analysed pixels per pixel of the file: below 1 when the photo was shrunk after decoding (the
   * server's and the browser's long side ≤ SCAN_PHOTO_MAX_SIDE). Default 1.
   */
  scale?: number;
}

/** Zig-zag positions of the 3 × 3 lowest frequencies (natural rows and columns 0–2). */
const LOW_CORNER = [0, 1, 2, 3, 4, 5, 7, 8, 12] as const;

/**
 * The encoding of a baseline or progressive 3-component (YCbCr) JPEG, or null for anything else
 * (not a JPEG, greyscale, CMYK, an Adobe RGB JPEG, arithmetic coding, a truncated header). Never
 * throws: the bytes are a stranger's.
 */
export function jpegEncoding(bytes: Uint8Array): ImageEncoding | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  const tables = new Map<number, number[]>();
  let components: Array<{ h: number; v: number; tq: number }> | null = null;
  let adobeRgb = false;
  let i = 2;
  // Markers until the first scan; every segment's length is checked against the buffer.
  for (let guard = 0; guard < 1000 && i + 4 <= bytes.length; guard++) {
    if (bytes[i] !== 0xff) return null;
    const marker = bytes[i + 1] as number;
    if (marker === 0xff) {
      i++; // fill byte
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      i += 2;
      continue;
    }
    const length = ((bytes[i + 2] as number) << 8) | (bytes[i + 3] as number);
    const start = i + 4;
    const end = i + 2 + length;
    if (length < 2 || end > bytes.length) return null;
    if (marker === 0xda || marker === 0xd9) break; // start of scan / end of image
    if (marker === 0xdb && !readTables(bytes, start, end, tables)) return null;
    else if (isFrame(marker)) {
      if (marker >= 0xc9 && marker <= 0xcf) return null; // arithmetic coding
      components = readFrame(bytes, start, end);
      if (!components) return null;
    } else if (marker === 0xee && end - start >= 12 && isAdobe(bytes, start)) {
      adobeRgb = bytes[start + 11] === 0; // transform 0: the channels are R, G, B
    }
    i = end;
  }
  if (!components || components.length !== 3 || adobeRgb) return null;
  const [luma, cb, cr] = components as [
    { h: number; v: number; tq: number },
    { h: number; v: number; tq: number },
    { h: number; v: number; tq: number },
  ];
  const chromaSamples = Math.max(cb.h * cb.v, cr.h * cr.v);
  if (chromaSamples <= 0 || luma.h * luma.v < chromaSamples) return null;
  const steps: number[] = [];
  for (const c of [cb, cr]) {
    const table = tables.get(c.tq);
    if (!table) return null;
    for (const k of LOW_CORNER) steps.push(table[k] as number);
  }
  return {
    chromaSubsampling: (luma.h * luma.v) / chromaSamples,
    chromaStep: steps.reduce((s, v) => s + v, 0) / steps.length,
  };
}

/** SOF0–SOF15 but DHT (C4), JPG (C8) and DAC (CC). */
function isFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

function isAdobe(bytes: Uint8Array, at: number): boolean {
  return String.fromCharCode(...bytes.subarray(at, at + 5)) === 'Adobe';
}

/** One DQT segment's tables (8- or 16-bit entries, scaled to 8-bit samples' units). */
function readTables(bytes: Uint8Array, start: number, end: number, out: Map<number, number[]>) {
  let p = start;
  while (p < end) {
    const pq = (bytes[p] as number) >> 4;
    const tq = (bytes[p] as number) & 15;
    const size = pq === 0 ? 64 : 128;
    if (pq > 1 || tq > 3 || p + 1 + size > end) return false;
    const table: number[] = [];
    for (let k = 0; k < 64; k++)
      table.push(
        pq === 0
          ? (bytes[p + 1 + k] as number)
          : ((bytes[p + 1 + 2 * k] as number) << 8) | (bytes[p + 2 + 2 * k] as number),
      );
    out.set(tq, table);
    p += 1 + size;
  }
  return true;
}

/** The frame's components: sampling factors and table numbers (null for a malformed frame). */
function readFrame(bytes: Uint8Array, start: number, end: number) {
  if (end - start < 6) return null;
  const precision = bytes[start] as number;
  const count = bytes[start + 5] as number;
  if (precision !== 8 || end - start < 6 + 3 * count) return null;
  const out: Array<{ h: number; v: number; tq: number }> = [];
  for (let k = 0; k < count; k++) {
    const at = start + 6 + 3 * k;
    const hv = bytes[at + 1] as number;
    out.push({ h: hv >> 4, v: hv & 15, tq: bytes[at + 2] as number });
  }
  return out;
}
