import {
  SCAN_MAX_BYTES,
  SCAN_MAX_FULL_DECODE_PIXELS,
  SCAN_MAX_HEIC_PIXELS,
  SCAN_MAX_PIXELS,
  SCAN_PHOTO_MAX_SIDE,
  ScanMessages,
} from '@lumiskin/contract/scan';
import { jpegEncoding, type ImageEncoding } from '@lumiskin/skin-engine';
import sharp, { type Metadata, type Sharp } from 'sharp';
import {
  decodeHeic,
  heicColour,
  heicDeclaredSize,
  heicInput,
  HeicTooLarge,
  type HeicPixels,
} from './heic';

/**
 * Turning an uploaded photo into (a) the pixels the engine measures and (b) the JPEG we keep.
 * Both come from one pipeline: orientation applied, long side ≤ 1600 px, sRGB, 8-bit, no alpha.
 * The stored JPEG is encoded from those pixels, so it carries no EXIF, GPS, XMP or ICC data, and
 * the engine's zone outlines are in the stored photo's own coordinates.
 */

export type ImageProblem =
  'no_image' | 'not_an_image' | 'unsupported_type' | 'image_too_large' | 'unreadable_image';

export class ImageError extends Error {
  constructor(
    public readonly reason: ImageProblem | 'too_many_bytes',
    message: string,
  ) {
    super(message);
    this.name = 'ImageError';
  }
}

export type SniffedType = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/heic';

/** Brands that name HEVC-coded HEIF (HEIC) content; `mif1`/`msf1` alone say only "some HEIF". */
const HEVC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis']);
/** AVIF's brands: AV1 in the same container. The API refuses AVIF. */
const AV1_BRANDS = new Set(['avif', 'avis']);

const fourCC = (bytes: Uint8Array, at: number) =>
  String.fromCharCode(bytes[at] ?? 0, bytes[at + 1] ?? 0, bytes[at + 2] ?? 0, bytes[at + 3] ?? 0);

/** The top-level ISO-BMFF box of `type`, as [start of its content, end); null when absent. */
function topLevelBox(bytes: Uint8Array, type: string): [number, number] | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 0;
  while (at + 8 <= bytes.length) {
    let size = view.getUint32(at);
    let header = 8;
    if (size === 1) {
      if (at + 16 > bytes.length) return null;
      size = Number(view.getBigUint64(at + 8));
      header = 16;
    } else if (size === 0) {
      size = bytes.length - at;
    }
    if (size < header) return null;
    if (fourCC(bytes, at + 4) === type) return [at + header, Math.min(at + size, bytes.length)];
    at += size;
  }
  return null;
}

function contains(bytes: Uint8Array, [from, to]: [number, number], type: string): boolean {
  for (let i = from; i + 4 <= to; i++) if (fourCC(bytes, i) === type) return true;
  return false;
}

/**
 * HEIC only when every sign says HEVC: an HEVC brand among the ftyp brands, no AVIF brand, and in
 * the `meta` box an HEVC decoder configuration (`hvcC`) and no AV1 one (`av1C`). An AVIF whose
 * brands were rewritten to `mif1` (or even `heic`) still carries `av1C`, and never reaches a
 * decoder (issue 30).
 */
function isHeic(bytes: Uint8Array): boolean {
  const ftyp = topLevelBox(bytes, 'ftyp');
  if (!ftyp || ftyp[0] !== 8) return false;
  const brands = [fourCC(bytes, ftyp[0])];
  for (let i = ftyp[0] + 8; i + 4 <= ftyp[1]; i += 4) brands.push(fourCC(bytes, i));
  if (brands.some((b) => AV1_BRANDS.has(b)) || !brands.some((b) => HEVC_BRANDS.has(b)))
    return false;
  const meta = topLevelBox(bytes, 'meta');
  return meta !== null && contains(bytes, meta, 'hvcC') && !contains(bytes, meta, 'av1C');
}

/**
 * The type by the file's first bytes (magic numbers), never by its name or declared type:
 * JPEG FF D8 FF; PNG 89 'PNG' 0D 0A 1A 0A; WebP 'RIFF' …. 'WEBP'; HEIC as `isHeic` says.
 * Anything else — GIF, AVIF, SVG, PDF, text — is null.
 */
export function sniffImageType(bytes: Uint8Array): SniffedType | null {
  const at = (i: number) => bytes[i] ?? -1;
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return 'image/jpeg';
  if ([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => at(i) === b))
    return 'image/png';
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  if (bytes.length >= 12 && ascii(4, 8) === 'ftyp' && isHeic(bytes)) return 'image/heic';
  return null;
}

/** Text/SVG/PDF and the like are "not an image"; a real image format we do not take is "unsupported". */
function looksLikeOtherImage(bytes: Uint8Array): boolean {
  const head = String.fromCharCode(...bytes.subarray(0, 12));
  return (
    head.startsWith('GIF8') ||
    head.startsWith('BM') ||
    head.slice(4, 8) === 'ftyp' ||
    head.startsWith('II*') ||
    head.startsWith('MM\0*')
  );
}

const DATA_URL = /^data:([\w/+.-]*)(;[\w=.-]+)*;base64,/i;
const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;

/** A JSON `image_data`: a base64 data URL or bare base64. Size is checked before decoding it all. */
export function decodeImageData(text: string): Buffer {
  let payload = text.trim();
  const header = DATA_URL.exec(payload);
  if (header) payload = payload.slice(header[0].length);
  else if (payload.startsWith('data:'))
    throw new ImageError('not_an_image', ScanMessages.notAnImage);
  payload = payload.replace(/\s+/g, '');
  if (payload.length === 0) throw new ImageError('no_image', ScanMessages.noImage);
  // 4 base64 chars carry 3 bytes: refuse oversize without allocating the decoded buffer.
  if (Math.floor((payload.length * 3) / 4) - 2 > SCAN_MAX_BYTES) {
    throw new ImageError('too_many_bytes', ScanMessages.tooLarge);
  }
  if (!BASE64.test(payload)) throw new ImageError('not_an_image', ScanMessages.notAnImage);
  const bytes = Buffer.from(payload, 'base64');
  if (bytes.length > SCAN_MAX_BYTES) throw new ImageError('too_many_bytes', ScanMessages.tooLarge);
  return bytes;
}

export interface PreparedImage {
  /** RGB, 8-bit, row-major: what the engine analyses. */
  pixels: Buffer;
  width: number;
  height: number;
  channels: 3;
  type: SniffedType;
  /** Size of the original, before orientation and resizing. */
  original: { width: number; height: number; bytes: number };
  /**
   * How a JPEG's file stored its colour (its headers; decision 171), with the decode's resize:
   * the engine counts the lesions the compression hid. Absent for PNG, WebP, HEIC.
   */
  encoding?: ImageEncoding;
  decodeMs: number;
}

/** sharp options of the decode; its pixel limit is the type's (see prepareImage). */
const READ = { failOn: 'error' } as const;

/**
 * Checks and decodes one photo. Order matters for safety: bytes (≤ 10 MB), magic number, then the
 * header's dimensions (a cheap read) before anything is decoded, so a decompression bomb — a small
 * file declaring a gigantic canvas — is refused in microseconds.
 */
export async function prepareImage(bytes: Buffer): Promise<PreparedImage> {
  const started = performance.now();
  if (bytes.length === 0) throw new ImageError('no_image', ScanMessages.noImage);
  if (bytes.length > SCAN_MAX_BYTES) throw new ImageError('too_many_bytes', ScanMessages.tooLarge);
  const type = sniffImageType(bytes);
  if (!type) {
    throw looksLikeOtherImage(bytes)
      ? new ImageError('unsupported_type', ScanMessages.unsupportedType)
      : new ImageError('not_an_image', ScanMessages.notAnImage);
  }

  if (type === 'image/heic') return prepareHeic(bytes, started);

  let meta: Metadata;
  try {
    // Header only: no pixel is decoded here.
    meta = await sharp(bytes, { failOn: 'none' }).metadata();
  } catch (error) {
    // sharp's own ceiling (0x3FFF × 0x3FFF) is hit by headers claiming gigapixels.
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw new ImageError('image_too_large', ScanMessages.tooManyPixels);
    }
    throw new ImageError('unreadable_image', ScanMessages.notAnImage);
  }
  const { width = 0, height = 0 } = meta;
  if (width <= 0 || height <= 0) throw new ImageError('unreadable_image', ScanMessages.notAnImage);
  // JPEG and WebP shrink while decoding (to about the analysed size); PNG decodes every pixel
  // first, so its ceiling is lower (decision 072).
  const shrinksOnLoad = type === 'image/jpeg' || type === 'image/webp';
  const maxPixels = shrinksOnLoad ? SCAN_MAX_PIXELS : SCAN_MAX_FULL_DECODE_PIXELS;
  if (width * height > maxPixels || (meta.pages ?? 1) > 1) {
    throw new ImageError('image_too_large', ScanMessages.tooManyPixels);
  }

  try {
    // EXIF orientation applied.
    const analysed = await toAnalysed(
      sharp(bytes, { ...READ, limitInputPixels: maxPixels }).rotate(),
    );
    const stored = type === 'image/jpeg' ? jpegEncoding(bytes) : null;
    // Analysed px per px of the file (long sides: the EXIF turn may swap width and height).
    const encoding = stored && {
      ...stored,
      scale: Math.max(analysed.width, analysed.height) / Math.max(width, height),
    };
    return {
      ...analysed,
      type,
      original: { width, height, bytes: bytes.length },
      ...(encoding ? { encoding } : {}),
      decodeMs: performance.now() - started,
    };
  } catch (error) {
    if (error instanceof ImageError) throw error;
    throw new ImageError('unreadable_image', ScanMessages.notAnImage);
  }
}

/** Long side ≤ SCAN_PHOTO_MAX_SIDE, sRGB, 8-bit, no alpha (flattened on white). */
async function toAnalysed(
  input: Sharp,
): Promise<Pick<PreparedImage, 'pixels' | 'width' | 'height' | 'channels'>> {
  const { data, info } = await input
    .resize({
      width: SCAN_PHOTO_MAX_SIDE,
      height: SCAN_PHOTO_MAX_SIDE,
      fit: 'inside',
      withoutEnlargement: true,
    })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .removeAlpha()
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 3) throw new Error(`expected 3 channels, got ${info.channels}`);
  return { pixels: data, width: info.width, height: info.height, channels: 3 };
}

/**
 * A HEIC (decision 178): its declared size is checked before anything is decoded, then libheif
 * decodes it in a worker thread of its own (rotation and mirror applied, as the format says; a
 * HEIC's EXIF orientation is not to be applied again) and shrinks it by a whole factor to about
 * twice the analysed size at most, and sharp takes the pixels on in the photo's own colour space.
 */
async function prepareHeic(bytes: Buffer, started: number): Promise<PreparedImage> {
  const declared = heicDeclaredSize(bytes);
  if (!declared || declared.width <= 0 || declared.height <= 0)
    throw new ImageError('unreadable_image', ScanMessages.notAnImage);
  if (declared.width * declared.height > SCAN_MAX_HEIC_PIXELS)
    throw new ImageError('image_too_large', ScanMessages.tooManyPixels);
  let pixels: HeicPixels;
  try {
    pixels = await decodeHeic(bytes, {
      minSide: SCAN_PHOTO_MAX_SIDE,
      maxPixels: SCAN_MAX_HEIC_PIXELS,
    });
  } catch (error) {
    // A file may declare less than it holds: the decoded size is held to the same limit.
    if (error instanceof HeicTooLarge)
      throw new ImageError('image_too_large', ScanMessages.tooManyPixels);
    throw new ImageError('unreadable_image', ScanMessages.notAnImage);
  }
  try {
    const analysed = await toAnalysed(await heicInput(pixels, heicColour(bytes)));
    return {
      ...analysed,
      type: 'image/heic',
      original: { ...pixels.original, bytes: bytes.length },
      decodeMs: performance.now() - started,
    };
  } catch {
    throw new ImageError('unreadable_image', ScanMessages.notAnImage);
  }
}

/** The photo we keep: baseline JPEG q85 from the analysed pixels (no metadata of any kind). */
export async function encodeStoredPhoto(
  image: Pick<PreparedImage, 'pixels' | 'width' | 'height'>,
): Promise<Buffer> {
  return sharp(image.pixels, { raw: { width: image.width, height: image.height, channels: 3 } })
    .jpeg({ quality: 85, mozjpeg: false })
    .toBuffer();
}

const PRODUCT_IMAGE_MAX_SIDE = 1200;

/**
 * A product picture uploaded in the admin area, as the shop serves it: WebP q82, long side
 * ≤ 1200 px, orientation applied. Re-encoding drops metadata and anything smuggled after the
 * pixels; the magic number, not the declared type, decides (an SVG, script-capable, never
 * passes). null when the bytes are not a readable PNG, JPEG or WebP.
 */
export async function encodeProductImage(bytes: Buffer): Promise<Buffer | null> {
  const type = sniffImageType(bytes);
  if (type !== 'image/png' && type !== 'image/jpeg' && type !== 'image/webp') return null;
  try {
    return await sharp(bytes, { limitInputPixels: 40_000_000, failOn: 'error' })
      .rotate()
      .resize({
        width: PRODUCT_IMAGE_MAX_SIDE,
        height: PRODUCT_IMAGE_MAX_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    return null;
  }
}
