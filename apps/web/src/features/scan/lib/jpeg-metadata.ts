/**
 * A JPEG's bytes without what it says about the person beyond its pixels (decision 192): EXIF
 * (GPS, the phone, the time), XMP, IPTC, comments, and whatever follows the image (a motion
 * photo's video, a depth map, the secondary images of MPF). The image itself is copied byte for
 * byte, so it decodes to the same pixels, and the server reads the same JPEG tables (decision
 * 171): what is kept is what decoding reads (JFIF, the ICC colour profile, Adobe's colour
 * transform, the tables, the frame, the scans). The EXIF orientation is kept in a new EXIF block
 * holding that one tag, so the photo stays upright.
 *
 * Returns null for anything it does not fully understand (not a JPEG, a truncated segment, no
 * end of image): the caller sends the file as it is, and the server strips it as before.
 */
export function jpegWithoutMetadata(bytes: Uint8Array): Uint8Array<ArrayBuffer> | null {
  const kept: Uint8Array[] = [bytes.subarray(0, 2)];
  let orientation = 1;
  const sos = walkHeader(bytes, (marker, segment) => {
    if (marker === 0xe1 && isExif(segment)) orientation = exifOrientation(segment) ?? orientation;
    if (keeps(marker, segment)) kept.push(segment);
  });
  if (sos === null) return null;
  const scanEnd = endOfImage(bytes, sos);
  if (scanEnd === null) return null;
  if (orientation !== 1) kept.splice(firstAfterJfif(kept), 0, orientationExif(orientation));
  kept.push(bytes.subarray(sos, scanEnd));
  const out = new Uint8Array(kept.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of kept) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * A JPEG's width and height as stored (its frame header, before any EXIF rotation), read without
 * decoding it: the upload learns whether a photo needs shrinking from its header (decision 193).
 * Null when the header is not understood or the height is left to a later DNL segment.
 */
export function jpegFrameSize(bytes: Uint8Array): { width: number; height: number } | null {
  let size = null as { width: number; height: number } | null;
  const sos = walkHeader(bytes, (marker, segment) => {
    if (!isFrameHeader(marker) || segment.length < 9) return;
    const u16 = (at: number) => ((segment[at] as number) << 8) | (segment[at + 1] as number);
    size = { width: u16(7), height: u16(5) };
  });
  return sos === null || !size || size.width === 0 || size.height === 0 ? null : size;
}

/** SOF0–SOF15 but DHT (C4), JPG (C8) and DAC (CC), which share the range. */
const isFrameHeader = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/**
 * Calls `visit` with each segment of a JPEG's header (after SOI, before the first scan) and
 * returns the index of that scan's SOS marker; null when the bytes do not start with SOI, the
 * header ends early or holds a marker it cannot (another SOI, an EOI, a restart).
 */
function walkHeader(
  bytes: Uint8Array,
  visit: (marker: number, segment: Uint8Array) => void,
): number | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  let i = 2;
  for (;;) {
    if (i + 4 > bytes.length || bytes[i] !== 0xff) return null;
    const marker = bytes[i + 1] as number;
    if (marker === 0xff) {
      i++; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0xd9 || (marker >= 0xd0 && marker <= 0xd7)) return null;
    const end = segmentEnd(bytes, i);
    if (end === null) return null;
    if (marker === 0xda) return i;
    visit(marker, bytes.subarray(i, end));
    i = end;
  }
}

const ascii = (segment: Uint8Array, from: number, text: string) =>
  [...text].every((c, k) => segment[from + k] === c.charCodeAt(0));

/** Segments before the scan that decoding reads; every APPn but these, and COM, are dropped. */
function keeps(marker: number, segment: Uint8Array): boolean {
  if (marker === 0xe0) return ascii(segment, 4, 'JFIF\0'); // JFIF (JFXX thumbnails dropped)
  if (marker === 0xe2) return ascii(segment, 4, 'ICC_PROFILE\0'); // colour profile (not MPF)
  if (marker === 0xee) return ascii(segment, 4, 'Adobe'); // YCbCr / RGB / CMYK transform
  if (marker >= 0xe0 && marker <= 0xef) return false;
  return marker !== 0xfe; // COM
}

const isExif = (segment: Uint8Array) => ascii(segment, 4, 'Exif\0\0');

/** IFD0's orientation tag (0x0112) of an EXIF APP1 segment, 1–8, or null. */
function exifOrientation(segment: Uint8Array): number | null {
  const tiff = 10;
  if (segment.length < tiff + 8) return null;
  const little = segment[tiff] === 0x49 && segment[tiff + 1] === 0x49;
  if (!little && !(segment[tiff] === 0x4d && segment[tiff + 1] === 0x4d)) return null;
  const u16 = (at: number) =>
    little
      ? (segment[at] as number) | ((segment[at + 1] as number) << 8)
      : ((segment[at] as number) << 8) | (segment[at + 1] as number);
  const u32 = (at: number) => u16(little ? at + 2 : at) * 0x10000 + u16(little ? at : at + 2);
  const ifd = tiff + u32(tiff + 4);
  if (ifd + 2 > segment.length) return null;
  const count = u16(ifd);
  for (let k = 0; k < count; k++) {
    const entry = ifd + 2 + 12 * k;
    if (entry + 12 > segment.length) return null;
    if (u16(entry) !== 0x0112) continue;
    // Type SHORT, one value, held in the entry itself.
    if (u16(entry + 2) !== 3 || u32(entry + 4) !== 1) return null;
    const value = u16(entry + 8);
    return value >= 1 && value <= 8 ? value : null;
  }
  return null;
}

/** An EXIF APP1 segment holding only the orientation tag (big-endian TIFF, one IFD entry). */
function orientationExif(orientation: number): Uint8Array {
  return Uint8Array.from([
    0xff, 0xe1, 0x00, 0x22, // APP1, length 34
    0x45, 0x78, 0x69, 0x66, 0x00, 0x00, // "Exif\0\0"
    0x4d, 0x4d, 0x00, 0x2a, 0x00, 0x00, 0x00, 0x08, // "MM", 42, IFD0 at 8
    0x00, 0x01, // one entry
    0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x00, orientation, 0x00, 0x00, // orientation
    0x00, 0x00, 0x00, 0x00, // no next IFD
  ]); // prettier-ignore
}

/** Where a segment inserted after SOI and JFIF goes (JFIF must stay first). */
function firstAfterJfif(kept: Uint8Array[]): number {
  return kept[1] && kept[1][1] === 0xe0 ? 2 : 1;
}

/**
 * The index just past the EOI marker that ends the image whose first scan starts at `sos`,
 * walking the entropy-coded data (0xFF 0x00 is a data byte, RSTn a restart) and the segments
 * between a progressive JPEG's scans; null if the bytes end first.
 */
function endOfImage(bytes: Uint8Array, sos: number): number | null {
  let i = sos;
  while (i + 1 < bytes.length) {
    if (bytes[i] !== 0xff) {
      i++;
      continue;
    }
    const next = bytes[i + 1] as number;
    if (next === 0x00 || next === 0xff || (next >= 0xd0 && next <= 0xd7)) {
      i += next === 0xff ? 1 : 2;
      continue;
    }
    if (next === 0xd9) return i + 2;
    // A segment between scans (SOS, DHT, DQT, DRI…): skip it as a whole.
    const end = segmentEnd(bytes, i);
    if (end === null) return null;
    i = end;
  }
  return null;
}

/** The index just past the segment whose marker is at `i` (its 2-byte length counts itself). */
function segmentEnd(bytes: Uint8Array, i: number): number | null {
  if (i + 4 > bytes.length) return null;
  const end = i + 2 + (((bytes[i + 2] as number) << 8) | (bytes[i + 3] as number));
  return end > bytes.length || end < i + 4 ? null : end;
}
