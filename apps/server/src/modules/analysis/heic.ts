import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { crc32, deflateSync, inflateSync } from 'node:zlib';
import sharp, { type Sharp } from 'sharp';

/**
 * HEIC photos (decision 178). sharp's prebuilt libvips reads HEIF containers but not HEVC, the
 * codec of every iPhone photo and of Android's "high efficiency" photos, so a HEIC is decoded by
 * libheif compiled to WebAssembly (`heic-decode` → `libheif-js`, no network, no install script),
 * in a worker thread of its own that ends with the decode: the WASM heap a 12 MP photo grows
 * (≈ 200 MB) is given back at once and the event loop never waits on it.
 */

const require = createRequire(import.meta.url);

/** The pixels of a decoded HEIC: RGBA, 8 bits, its rotation and mirror (irot/imir) applied. */
export interface HeicPixels {
  data: Uint8Array;
  width: number;
  height: number;
}

/** How long one decode may take before its worker is stopped (a 12 MP photo takes ≈ 0.5 s). */
export const HEIC_DECODE_TIMEOUT_MS = 30_000;

// CommonJS, evaluated in the worker: the decoder is required by the absolute path resolved here,
// so it loads wherever the app was started from (the built server, tsx, vitest).
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const decode = require(workerData.decoder);
decode({ buffer: workerData.bytes }).then(
  (image) => {
    const data = new Uint8Array(image.data.buffer, image.data.byteOffset, image.data.byteLength);
    parentPort.postMessage({ width: image.width, height: image.height, data }, [data.buffer]);
  },
  (error) => parentPort.postMessage({ error: String(error && error.message || error) }),
);
`;

let queue: Promise<unknown> = Promise.resolve();

/**
 * Decodes the primary image of a HEIC in a worker thread of its own; rejects on any failure. One
 * decode at a time in this process: a 24 MP photo takes ≈ 350 MB at its peak (the RGBA pixels and
 * libheif's heap), so two at once would double it (the scan slots already admit only as many
 * scans as there are engine threads, decision 072).
 */
export function decodeHeic(
  bytes: Uint8Array,
  timeoutMs: number = HEIC_DECODE_TIMEOUT_MS,
): Promise<HeicPixels> {
  const run = queue.then(() => decodeInWorker(bytes, timeoutMs));
  queue = run.catch(() => undefined);
  return run;
}

function decodeInWorker(bytes: Uint8Array, timeoutMs: number): Promise<HeicPixels> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { decoder: require.resolve('heic-decode'), bytes },
      // The decoder's JS is small; the WASM heap is outside these limits and goes with the thread.
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
    worker.once(
      'message',
      (m: { error: string } | { width: number; height: number; data: Uint8Array }) =>
        finish(() => {
          if ('error' in m) reject(new Error(`HEIC decode failed: ${m.error}`));
          else if (m.data.length !== m.width * m.height * 4)
            reject(new Error('HEIC decode returned a buffer of the wrong size'));
          else resolve({ data: m.data, width: m.width, height: m.height });
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
 * The decoded pixels as sharp input in their own colour space: untagged RGBA when the photo is
 * sRGB; otherwise a fast PNG carrying the photo's ICC profile (or libvips' Display P3 for P3 nclx),
 * which sharp's pipeline converts to sRGB as it does for any tagged photo. Other nclx primaries
 * (BT.2020, an HDR photo) are read as sRGB.
 */
export async function heicInput(
  pixels: HeicPixels,
  colour: ReturnType<typeof heicColour>,
): Promise<Sharp> {
  const raw = { width: pixels.width, height: pixels.height, channels: 4 } as const;
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
