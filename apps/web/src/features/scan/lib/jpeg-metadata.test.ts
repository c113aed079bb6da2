import { jpegEncoding } from '@lumiskin/skin-engine/jpeg-encoding';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { jpegFrameSize, jpegWithoutMetadata } from './jpeg-metadata';

/** A small photo-like image: a gradient with texture, so the JPEG has real scans. */
async function pixels(width = 96, height = 64) {
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const o = 3 * (y * width + x);
      data[o] = (x * 2 + ((x * y) % 13)) & 0xff;
      data[o + 1] = (y * 3 + ((x + y) % 7) * 5) & 0xff;
      data[o + 2] = (128 + ((x ^ y) % 31)) & 0xff;
    }
  return sharp(data, { raw: { width, height, channels: 3 } });
}

/** A phone's JPEG: EXIF with the camera and GPS, orientation, an ICC profile, XMP. */
async function phoneJpeg(options: { orientation?: number; progressive?: boolean } = {}) {
  const image = await pixels();
  return image
    .withMetadata({ orientation: options.orientation ?? 1 })
    .withIccProfile('p3')
    .withExifMerge({
      IFD0: { Make: 'Lumiskin test phone', Model: 'LT-1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2400/100' },
    })
    .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF/></x:xmpmeta>')
    .jpeg({ quality: 90, progressive: options.progressive ?? false })
    .toBuffer();
}

/** Inserts a COM segment after SOI and appends `trailer` after EOI (a motion photo's video). */
function withCommentAndTrailer(jpeg: Buffer, comment: string, trailer: Buffer) {
  const text = Buffer.from(comment, 'latin1');
  const com = Buffer.concat([Buffer.from([0xff, 0xfe, 0, text.length + 2]), text]);
  return Buffer.concat([jpeg.subarray(0, 2), com, jpeg.subarray(2), trailer]);
}

const decoded = async (jpeg: Uint8Array) =>
  (await sharp(Buffer.from(jpeg)).rotate().raw().toBuffer({ resolveWithObject: true })).data;

const has = (bytes: Uint8Array, text: string) =>
  Buffer.from(bytes).includes(Buffer.from(text, 'latin1'));

describe('jpegWithoutMetadata', () => {
  it('drops EXIF (camera, GPS), XMP, comments and what follows the image; the pixels, tables, colour profile and orientation stay', async () => {
    const trailer = Buffer.concat([Buffer.from('ftypmp42'), Buffer.alloc(4000, 7)]);
    const original = withCommentAndTrailer(
      await phoneJpeg({ orientation: 6 }),
      'taken at 12 Rue X',
      trailer,
    );
    const before = await sharp(original).metadata();
    expect(before.exif).toBeDefined();
    expect(has(original, 'Lumiskin test phone')).toBe(true);

    const stripped = jpegWithoutMetadata(original);
    if (!stripped) throw new Error('not stripped');
    const after = await sharp(Buffer.from(stripped)).metadata();
    expect(has(stripped, 'Lumiskin test phone')).toBe(false);
    expect(has(stripped, 'xmpmeta')).toBe(false);
    expect(has(stripped, '12 Rue X')).toBe(false);
    expect(has(stripped, 'ftypmp42')).toBe(false);
    expect(after.xmp).toBeUndefined();
    expect(after.orientation).toBe(6);
    expect(after.icc).toEqual(before.icc);
    expect([after.width, after.height]).toEqual([before.width, before.height]);
    expect(stripped.length).toBeLessThan(original.length - trailer.length);
    // The same image: the same pixels once turned upright, and the same colour tables.
    expect((await decoded(stripped)).equals(await decoded(original))).toBe(true);
    expect(jpegEncoding(stripped)).toEqual(jpegEncoding(original));
    // Its own EXIF (big-endian, where sharp writes little-endian) is read back: a second pass
    // changes nothing.
    expect(Buffer.from(jpegWithoutMetadata(stripped) ?? []).equals(Buffer.from(stripped))).toBe(
      true,
    );
  });

  it('keeps a progressive JPEG whole, scans and tables between them included', async () => {
    const original = await phoneJpeg({ progressive: true });
    const stripped = jpegWithoutMetadata(original);
    if (!stripped) throw new Error('not stripped');
    expect(has(stripped, 'Lumiskin test phone')).toBe(false);
    expect((await sharp(Buffer.from(stripped)).metadata()).isProgressive).toBe(true);
    expect((await decoded(stripped)).equals(await decoded(original))).toBe(true);
  });

  it('writes no EXIF for an upright photo, and leaves a JPEG without metadata as it was', async () => {
    const upright = jpegWithoutMetadata(await phoneJpeg({ orientation: 1 }));
    if (!upright) throw new Error('not stripped');
    expect((await sharp(Buffer.from(upright)).metadata()).exif).toBeUndefined();

    const plain = await (await pixels()).jpeg({ quality: 80 }).toBuffer();
    expect(Buffer.from(jpegWithoutMetadata(plain) ?? []).equals(plain)).toBe(true);
  });

  it('gives up (null) on what it does not fully understand', async () => {
    const jpeg = await phoneJpeg();
    expect(jpegWithoutMetadata(new Uint8Array([1, 2, 3, 4, 5]))).toBeNull();
    expect(jpegWithoutMetadata(await (await pixels()).png().toBuffer())).toBeNull();
    // Cut inside the header, and inside the scan (no end of image).
    expect(jpegWithoutMetadata(jpeg.subarray(0, 40))).toBeNull();
    expect(jpegWithoutMetadata(jpeg.subarray(0, jpeg.length - 2))).toBeNull();
  });
});

describe('jpegFrameSize', () => {
  it('reads the stored width and height from the frame header, baseline or progressive, rotated or not', async () => {
    expect(jpegFrameSize(await phoneJpeg())).toEqual({ width: 96, height: 64 });
    expect(jpegFrameSize(await phoneJpeg({ progressive: true }))).toEqual({
      width: 96,
      height: 64,
    });
    // As stored: a photo the EXIF turns upright keeps its sensor's width and height.
    expect(jpegFrameSize(await phoneJpeg({ orientation: 6 }))).toEqual({ width: 96, height: 64 });
    const tall = await (await pixels(40, 3300)).jpeg().toBuffer();
    expect(jpegFrameSize(tall)).toEqual({ width: 40, height: 3300 });
  });

  it('gives up (null) on what is not a JPEG header it understands', async () => {
    const jpeg = await phoneJpeg();
    expect(jpegFrameSize(await (await pixels()).png().toBuffer())).toBeNull();
    expect(jpegFrameSize(jpeg.subarray(0, 40))).toBeNull();
    // A height left to a DNL segment (0 in the frame header).
    const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
    const noHeight = Buffer.from(jpeg);
    noHeight[sof + 5] = 0;
    noHeight[sof + 6] = 0;
    expect(jpegFrameSize(noHeight)).toBeNull();
  });
});
