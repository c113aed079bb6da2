import { SCAN_MAX_PIXELS, SCAN_PHOTO_MAX_SIDE } from '@lumiskin/contract/constants';
import { jpegEncoding, type ImageEncoding } from '@lumiskin/skin-engine/jpeg-encoding';
import type { DecodePhoto } from './device-engine';

/**
 * A photo decoded as the server decodes it (apps/server/src/modules/analysis/image.ts): EXIF
 * orientation applied, long side ≤ SCAN_PHOTO_MAX_SIDE (never enlarged), colour-managed to sRGB,
 * transparency flattened on white, 8-bit RGB with 3 channels. The browser's own decoder does it
 * (createImageBitmap resizes with its high-quality filter; the server's is Lanczos 3), so pixels
 * differ slightly from sharp's: scores stay within 2 points (e2e/tests/device-engine.spec.ts).
 * Rejects what the browser cannot decode (HEIC in most browsers): the caller says so and offers the choices;
 * and, as the server does, a photo of more than SCAN_MAX_PIXELS.
 */
export const decodePhoto: DecodePhoto = async (photo: Blob) => {
  // A JPEG's colour compression, read from its headers as the server does (decision 171).
  const stored = jpegEncoding(new Uint8Array(await photo.arrayBuffer()));
  const decoded = await createImageBitmap(photo, { imageOrientation: 'from-image' });
  if (decoded.width * decoded.height > SCAN_MAX_PIXELS) {
    decoded.close();
    throw new RangeError(`the photo has more than ${SCAN_MAX_PIXELS} pixels`);
  }
  const scale = Math.min(1, SCAN_PHOTO_MAX_SIDE / Math.max(decoded.width, decoded.height));
  const width = Math.max(1, Math.round(decoded.width * scale));
  const height = Math.max(1, Math.round(decoded.height * scale));
  let bitmap = decoded;
  if (scale < 1) {
    // From the decoded (and turned) bitmap: the file is decoded once.
    bitmap = await createImageBitmap(decoded, {
      resizeWidth: width,
      resizeHeight: height,
      resizeQuality: 'high',
    });
    decoded.close();
  }
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d', { colorSpace: 'srgb', willReadFrequently: true });
  if (!context) throw new Error('no 2D canvas to decode the photo on');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.drawImage(bitmap, 0, 0);
  bitmap.close();
  const rgba = context.getImageData(0, 0, width, height, { colorSpace: 'srgb' }).data;
  const rgb = new Uint8Array(width * height * 3);
  for (let p = 0, o = 0; p < rgba.length; p += 4, o += 3) {
    rgb[o] = rgba[p] as number;
    rgb[o + 1] = rgba[p + 1] as number;
    rgb[o + 2] = rgba[p + 2] as number;
  }
  const encoding: ImageEncoding | null = stored && { ...stored, scale };
  return { data: rgb, width, height, channels: 3, ...(encoding ? { encoding } : {}) };
};
