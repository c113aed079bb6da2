import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { crc32, deflateSync, inflateSync } from 'node:zlib';
import sharp, { type Sharp } from 'sharp';

/**
 * HEIC photos (decision 178). sharp's prebuilt libvips reads HEIF containers but not HEVC, the
 * codec of every iPhone photo and of Android's "high efficiency" photos, so a HEIC is decoded by
 * libheif compiled to WebAssembly (`libheif-js`, no network, no install script), in a worker
 * thread of its own that ends with the decode: the WASM heap the decode grew is given back at
 * once, and the event loop never waits on it. (One thread kept for a burst of HEICs was tried:
 * its heap only grew, 235 → 306 MB over eight 12 MP photos, against 235–287 MB with a thread
 * each.) The worker asks libheif for 8-bit RGB (its own YCbCr conversion, by the file's colour
 * signalling) and reads it straight from the WASM heap, shrunk by a whole factor k (a k × k box
 * average) to no less than the analysed size, so the only copy that leaves the worker is a photo
 * of about 2000 px (≈ 9 MB for a 12 MP photo).
 */

const require = createRequire(import.meta.url);

/** A decoded HEIC: RGB, 8 bits, its rotation and mirror (irot/imir) applied, shrunk. */
export interface HeicPixels {
  data: Uint8Array;
  width: number;
  height: number;
  /** The photo's own size (before the worker's shrink). */
  original: { width: number; height: number };
}

/** How long one decode may take before its worker is stopped (a 12 MP photo takes ≈ 0.5–1.5 s). */
export const HEIC_DECODE_TIMEOUT_MS = 30_000;

// CommonJS, evaluated in the worker: libheif is required by the absolute path resolved here, so it
// loads wherever the app was started from (the built server, tsx, vitest). `maxPixels` is checked
// on the decoded size before any pixel is read.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const libheif = require(workerData.libheif);
const { bytes, minSide, maxPixels } = workerData;
decode(bytes, minSide, maxPixels).then(
  (m) => parentPort.postMessage(m, m.data ? [m.data.buffer] : []),
  (error) => parentPort.postMessage({ error: String((error && error.message) || error) }),
);
async function decode(bytes, minSide, maxPixels) {
  await libheif.ready;
  const decoder = new libheif.HeifDecoder();
  const images = decoder.decode(bytes);
  try {
    const primary = images.find((i) => i.is_primary()) || images[0];
    if (!primary) throw new Error('no image in the file');
    const width = primary.get_width();
    const height = primary.get_height();
    if (!(width > 0 && height > 0)) throw new Error('no size');
    if (width * height > maxPixels) return { tooLarge: true, width, height };
    const decoded = await libheif.heif_js_decode_image2(
      primary.handle,
      libheif.heif_colorspace.heif_colorspace_RGB,
      libheif.heif_chroma.heif_chroma_interleaved_RGB,
    );
    if (!decoded || decoded.code) throw new Error((decoded && decoded.message) || 'decode failed');
    try {
      const plane = decoded.channels.find((c) => c.id === libheif.heif_channel.heif_channel_interleaved);
      if (!plane) throw new Error('no RGB plane');
      const k = Math.max(1, Math.floor(Math.max(plane.width, plane.height) / minSide));
      const w = Math.floor(plane.width / k);
      const h = Math.floor(plane.height / k);
      const out = new Uint8Array(w * h * 3);
      const src = plane.data;
      const stride = plane.stride;
      const n = k * k;
      for (let y = 0; y < h; y++) {
        for (let x = 0; x < w; x++) {
          let r = 0, g = 0, b = 0;
          for (let dy = 0; dy < k; dy++) {
            let p = (y * k + dy) * stride + x * k * 3;
            for (let dx = 0; dx < k; dx++, p += 3) {
              r += src[p];
              g += src[p + 1];
              b += src[p + 2];
            }
          }
          const o = (y * w + x) * 3;
          out[o] = (r + n / 2) / n;
          out[o + 1] = (g + n / 2) / n;
          out[o + 2] = (b + n / 2) / n;
        }
      }
      return { width: w, height: h, original: { width, height }, data: out };
    } finally {
      libheif.heif_image_release(decoded.image);
    }
  } finally {
    for (const image of images) image.free();
    if (decoder.decoder) libheif.heif_context_free(decoder.decoder);
  }
}
`;

/** The photo's decoded size was over the limit (checked before its pixels were read). */
export class HeicTooLarge extends Error {
  constructor(
    public readonly width: number,
    public readonly height: number,
  ) {
    super(`HEIC of ${width} × ${height} px is over the limit`);
    this.name = 'HeicTooLarge';
  }
}

let queue: Promise<unknown> = Promise.resolve();

/**
 * Decodes the primary image of a HEIC in a worker thread of its own, shrunk by a whole factor to
 * no less than `minSide` on its long side; rejects on any failure, and with HeicTooLarge when its
 * decoded size is over `maxPixels`. One decode at a time in this process: libheif's heap for a
 * 24 MP photo is ≈ 170 MB at its peak, so two at once would double it (the scan slots already
 * admit only as many scans as there are engine threads, decision 072).
 */
export function decodeHeic(
  bytes: Uint8Array,
  opts: { minSide: number; maxPixels: number; timeoutMs?: number },
): Promise<HeicPixels> {
  const run = queue.then(() => decodeInWorker(bytes, opts));
  queue = run.catch(() => undefined);
  return run;
}

type WorkerAnswer =
  { error: string } | { tooLarge: true; width: number; height: number } | HeicPixels;

function decodeInWorker(
  bytes: Uint8Array,
  { minSide, maxPixels, timeoutMs = HEIC_DECODE_TIMEOUT_MS }: Parameters<typeof decodeHeic>[1],
): Promise<HeicPixels> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { libheif: require.resolve('libheif-js/wasm-bundle'), bytes, minSide, maxPixels },
      // libheif's JS is small; the WASM heap is outside these limits and goes with the thread.
      resourceLimits: { maxOldGenerationSizeMb: 128 },
      stdout: true,
      stderr: true,
    });
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      outcome();
    };
    const timer = setTimeout(
      () => finish(() => reject(new Error(`HEIC decode took over ${timeoutMs} ms`))),
      timeoutMs,
    );
    worker.once('message', (m: WorkerAnswer) =>
      finish(() => {
        if ('error' in m) reject(new Error(`HEIC decode failed: ${m.error}`));
        else if ('tooLarge' in m) reject(new HeicTooLarge(m.width, m.height));
        else if (m.data.length !== m.width * m.height * 3)
          reject(new Error('HEIC decode returned a buffer of the wrong size'));
        else resolve(m);
      }),
    );
    worker.once('error', (error) => finish(() => reject(error)));
    worker.once('exit', (code) =>
      finish(() => reject(new Error(`HEIC decoder stopped (exit ${code})`))),
    );
  });
}

// ---- the container: size and colour, read without decoding ----

const fourCC = (bytes: Uint8Array, at: number) =>
  String.fromCharCode(bytes[at] ?? 0, bytes[at + 1] ?? 0, bytes[at + 2] ?? 0, bytes[at + 3] ?? 0);

interface Box {
  type: string;
  /** Where the box's content starts (after its header) and where the box ends. */
  start: number;
  end: number;
}

/** The boxes in [from, to), one level deep. */
function boxes(bytes: Uint8Array, from: number, to: number): Box[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out: Box[] = [];
  let at = from;
  while (at + 8 <= to) {
    let size = view.getUint32(at);
    let header = 8;
    if (size === 1) {
      if (at + 16 > to) break;
      size = Number(view.getBigUint64(at + 8));
      header = 16;
    } else if (size === 0) {
      size = to - at;
    }
    if (size < header || at + size > to) break;
    out.push({ type: fourCC(bytes, at + 4), start: at + header, end: at + size });
    at += size;
  }
  return out;
}

const child = (bytes: Uint8Array, parent: Box, type: string, skip = 0) =>
  boxes(bytes, parent.start + skip, parent.end).find((b) => b.type === type);

/** The item properties (`meta` → `iprp` → `ipco`); `meta` is a full box (4 bytes of version). */
function properties(bytes: Uint8Array): Box[] {
  const meta = boxes(bytes, 0, bytes.length).find((b) => b.type === 'meta');
  const iprp = meta && child(bytes, meta, 'iprp', 4);
  const ipco = iprp && child(bytes, iprp, 'ipco');
  return ipco ? boxes(bytes, ipco.start, ipco.end) : [];
}

/**
 * The largest image the file declares (`ispe` properties: a grid's full size, its tiles, the
 * thumbnail), so a photo far too large is refused before a byte of it is decoded. Null when the
 * file declares none (the decoder then refuses it).
 */
export function heicDeclaredSize(bytes: Uint8Array): { width: number; height: number } | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let best: { width: number; height: number } | null = null;
  for (const box of properties(bytes)) {
    if (box.type !== 'ispe' || box.start + 12 > box.end) continue;
    const width = view.getUint32(box.start + 4);
    const height = view.getUint32(box.start + 8);
    if (!best || width * height > best.width * best.height) best = { width, height };
  }
  return best;
}

/** H.273 colour primaries of Display P3 (SMPTE EG 432-1), what iPhones and many Androids shoot. */
const PRIMARIES_P3 = 12;

/**
 * The photo's colour space, from its `colr` properties: an ICC profile (`prof`, `rICC`) wins over
 * nclx primaries (decision 178). Null: sRGB (BT.709 primaries, or nothing said).
 */
export function heicColour(bytes: Uint8Array): { icc: Buffer } | { primaries: number } | null {
  let primaries: number | null = null;
  for (const box of properties(bytes)) {
    if (box.type !== 'colr' || box.start + 4 > box.end) continue;
    const kind = fourCC(bytes, box.start);
    if ((kind === 'prof' || kind === 'rICC') && box.end - box.start > 4 + 128)
      return { icc: Buffer.from(bytes.subarray(box.start + 4, box.end)) };
    if (kind === 'nclx' && box.start + 6 <= box.end)
      primaries = ((bytes[box.start + 4] ?? 0) << 8) | (bytes[box.start + 5] ?? 0);
  }
  return primaries === null || primaries === 1 || primaries === 2 ? null : { primaries };
}

let p3Profile: Promise<Buffer> | null = null;

/** The Display P3 ICC profile libvips ships, taken once from a PNG sharp tags with it. */
function displayP3Profile(): Promise<Buffer> {
  p3Profile ??= sharp({ create: { width: 1, height: 1, channels: 3, background: '#808080' } })
    .withIccProfile('p3')
    .png()
    .toBuffer()
    .then((png) => {
      const iccp = pngChunks(png).find((c) => c.type === 'iCCP');
      if (!iccp) throw new Error('sharp wrote no iCCP chunk for the p3 profile');
      const nameEnd = iccp.data.indexOf(0);
      return inflateSync(iccp.data.subarray(nameEnd + 2));
    });
  return p3Profile;
}

function pngChunks(png: Buffer): Array<{ type: string; data: Buffer; at: number; end: number }> {
  const out: Array<{ type: string; data: Buffer; at: number; end: number }> = [];
  let at = 8;
  while (at + 12 <= png.length) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const end = at + 12 + length;
    out.push({ type, data: png.subarray(at + 8, at + 8 + length), at, end });
    at = end;
  }
  return out;
}

/** A PNG chunk: length, type, data, CRC-32 of type and data. */
function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(data, crc32(head.subarray(4, 8))), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * The decoded pixels as sharp input in their own colour space: untagged RGB when the photo is
 * sRGB; otherwise a fast PNG carrying the photo's ICC profile (or libvips' Display P3 for P3 nclx),
 * which sharp's pipeline converts to sRGB as it does for any tagged photo. Other nclx primaries
 * (BT.2020, an HDR photo) are read as sRGB.
 */
export async function heicInput(
  pixels: HeicPixels,
  colour: ReturnType<typeof heicColour>,
): Promise<Sharp> {
  const raw = { width: pixels.width, height: pixels.height, channels: 3 } as const;
  const icc =
    colour && 'icc' in colour
      ? colour.icc
      : colour?.primaries === PRIMARIES_P3
        ? await displayP3Profile()
        : null;
  if (!icc) return sharp(pixels.data, { raw });
  const png = await sharp(pixels.data, { raw }).png({ compressionLevel: 0 }).toBuffer();
  const [ihdr] = pngChunks(png);
  if (!ihdr || ihdr.type !== 'IHDR') throw new Error('sharp wrote a PNG without IHDR first');
  const iccp = chunk(
    'iCCP',
    Buffer.concat([Buffer.from('icc\0\0', 'latin1'), deflateSync(icc, { level: 1 })]),
  );
  return sharp(Buffer.concat([png.subarray(0, ihdr.end), iccp, png.subarray(ihdr.end)]), {
    limitInputPixels: false,
  });
}
