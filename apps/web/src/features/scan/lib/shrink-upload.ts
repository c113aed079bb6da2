import { SCAN_MAX_PIXELS, SCAN_PHOTO_MAX_SIDE } from '@lumiskin/contract/constants';
import { jpegFrameSize, jpegWithoutMetadata } from './jpeg-metadata';

/**
 * A photo bound for the server is shrunk on the device when it is more than twice the size the
 * server analyses (decision 191): a phone's 12 MP photo (4032 px, 3–5 MB) goes as 3200 px at
 * JPEG 0.92, a third to a half of the bytes. The server shrinks it to SCAN_PHOTO_MAX_SIDE anyway;
 * at twice that side the second JPEG's loss is halved away by the server's own shrink, so the
 * scores read as from the original (`bench:lesions --capture large-shrunk`). The re-encoded file
 * carries none of the original's metadata; a smaller JPEG goes without it too (decision 192).
 */
export const SHRINK_TO_SIDE = 2 * SCAN_PHOTO_MAX_SIDE;
export const SHRINK_QUALITY = 0.92;

/** What the browser can decode and this step can redraw; HEIC and the rest go as they are. */
const SHRINKABLE = new Set(['image/jpeg', 'image/png', 'image/webp']);

export function canShrink(photo: Blob): boolean {
  return SHRINKABLE.has(photo.type);
}

/**
 * The photo to send to the server: shrunk when it is large (above), else a JPEG without its
 * metadata (decision 192), else the photo as it was chosen. A JPEG's size is read from its header
 * (decision 193): one the server takes as it is (a camera capture, most gallery photos) is never
 * decoded here; a PNG, a WebP or a JPEG whose header is not understood is decoded to learn it.
 */
export async function photoToSend(photo: File): Promise<File> {
  const bytes = photo.type === 'image/jpeg' ? await readBytes(photo) : null;
  const size = bytes && jpegFrameSize(bytes);
  const mayShrink = !size || isShrunk(size.width, size.height);
  return (
    (mayShrink ? await shrunk(photo) : null) ?? (bytes && withoutMetadata(photo, bytes)) ?? photo
  );
}

/**
 * Whether a photo of width × height is shrunk here: longer than SHRINK_TO_SIDE and within the
 * server's pixel limit (beyond it the server's refusal names the limit).
 */
function isShrunk(width: number, height: number): boolean {
  return Math.max(width, height) > SHRINK_TO_SIDE && width * height <= SCAN_MAX_PIXELS;
}

/** The file's bytes, or null when it cannot be read here (removed since it was chosen). */
async function readBytes(photo: File): Promise<Uint8Array | null> {
  try {
    return new Uint8Array(await photo.arrayBuffer());
  } catch {
    return null; // the upload then says why
  }
}

/**
 * The shrunk copy, or null when the photo is small enough, not an image this step redraws,
 * cannot be decoded here (the server then says why), has more pixels than the server accepts
 * (its refusal names the limit), or when the copy would not be smaller.
 */
async function shrunk(photo: File): Promise<File | null> {
  if (!canShrink(photo) || typeof createImageBitmap !== 'function') return null;
  let decoded: ImageBitmap;
  try {
    decoded = await createImageBitmap(photo, { imageOrientation: 'from-image' });
  } catch {
    return null;
  }
  try {
    const { width, height } = decoded;
    if (!isShrunk(width, height)) return null;
    const scale = SHRINK_TO_SIDE / Math.max(width, height);
    const copy = await encodeJpeg(
      decoded,
      Math.max(1, Math.round(width * scale)),
      Math.max(1, Math.round(height * scale)),
    );
    if (!copy || copy.size >= photo.size) return null;
    return renamed(photo, copy);
  } catch {
    return null;
  } finally {
    decoded.close();
  }
}

/** A JPEG's own image without its metadata, or null (nothing to drop, not understood). */
function withoutMetadata(photo: File, bytes: Uint8Array): File | null {
  const stripped = jpegWithoutMetadata(bytes);
  if (!stripped || stripped.length === bytes.length) return null;
  return renamed(photo, new Blob([stripped], { type: 'image/jpeg' }));
}

function renamed(photo: File, bytes: Blob): File {
  const name = photo.name.replace(/\.[^.]*$/, '') || 'photo';
  return new File([bytes], `${name}.jpg`, { type: 'image/jpeg', lastModified: Date.now() });
}

/** The bitmap at width × height, flattened on white (as the server flattens), as a JPEG. */
async function encodeJpeg(
  source: ImageBitmap,
  width: number,
  height: number,
): Promise<Blob | null> {
  const resized = await createImageBitmap(source, {
    resizeWidth: width,
    resizeHeight: height,
    resizeQuality: 'high',
  });
  try {
    if (typeof OffscreenCanvas === 'function') {
      const canvas = new OffscreenCanvas(width, height);
      if (!draw(canvas.getContext('2d'), resized, width, height)) return null;
      return await canvas.convertToBlob({ type: 'image/jpeg', quality: SHRINK_QUALITY });
    }
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    if (!draw(canvas.getContext('2d'), resized, width, height)) return null;
    return await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, 'image/jpeg', SHRINK_QUALITY),
    );
  } finally {
    resized.close();
  }
}

function draw(
  context: OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D | null,
  bitmap: ImageBitmap,
  width: number,
  height: number,
): boolean {
  if (!context) return false;
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.drawImage(bitmap, 0, 0);
  return true;
}
