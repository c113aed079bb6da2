import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { SCAN_MAX_HEIC_PIXELS, SCAN_PHOTO_MAX_SIDE } from '@lumiskin/contract/scan';
import { decodeHeic, heicColour, heicDeclaredSize, heicInput, HeicTooLarge } from './heic';
import { prepareImage, sniffImageType } from './image';
import { refusal } from './test-fixtures/scan-kit';

// Decision 178: HEIC photos (iPhones, Android's "high efficiency" photos) are decoded by libheif
// (WebAssembly) in a worker thread, in their own colour space. The files are described in
// test-fixtures/README.md.
const fixture = (name: string) => readFileSync(new URL(`./test-fixtures/${name}`, import.meta.url));
const FACE_HEIC = fixture('astronaut-face.heic');
const FACE_JPEG = fixture('astronaut-face.jpg');
const LIMITS = { minSide: SCAN_PHOTO_MAX_SIDE, maxPixels: SCAN_MAX_HEIC_PIXELS };

/** The sRGB colours of the four patches (top left, top right, bottom left, bottom right). */
const PATCHES = [
  [200, 120, 100],
  [230, 60, 50],
  [90, 160, 90],
  [110, 80, 170],
];
/** The same colours as Display P3 values (what p3-patches.heic stores). */
const P3_VALUES = [
  [189, 124, 104],
  [212, 75, 60],
  [107, 158, 97],
  [105, 81, 165],
];

/** The colour at the centre of each 64 × 64 patch of a 128 × 128 RGB image. */
function patchColours(pixels: Uint8Array, width: number, channels = 3): number[][] {
  return [
    [32, 32],
    [96, 32],
    [32, 96],
    [96, 96],
  ].map(([x, y]) => {
    const p = ((y as number) * width + (x as number)) * channels;
    return [pixels[p] ?? -1, pixels[p + 1] ?? -1, pixels[p + 2] ?? -1];
  });
}

const largestDifference = (a: number[][], b: number[][]) =>
  Math.max(...a.flatMap((c, i) => c.map((v, k) => Math.abs(v - (b[i]?.[k] ?? 999)))));

describe('a HEIC photo', { timeout: 60_000 }, () => {
  it('is decoded like the JPEG it was made from', async () => {
    expect(sniffImageType(FACE_HEIC)).toBe('image/heic');
    const heic = await prepareImage(FACE_HEIC);
    const jpeg = await prepareImage(FACE_JPEG);
    expect(heic).toMatchObject({ type: 'image/heic', width: 500, height: 500, channels: 3 });
    expect(heic.original).toEqual({ width: 500, height: 500, bytes: FACE_HEIC.length });
    // No JPEG colour compression to account for (decision 171).
    expect(heic.encoding).toBeUndefined();
    let sum = 0;
    for (let i = 0; i < jpeg.pixels.length; i++)
      sum += Math.abs((heic.pixels[i] as number) - (jpeg.pixels[i] as number));
    // The same photo through a second lossy codec (q75): a few levels per channel on average.
    expect(sum / jpeg.pixels.length).toBeLessThan(4);
  });

  it('keeps its colours: an untagged (sRGB) file as it is, a Display P3 file converted to sRGB', async () => {
    const srgb = await prepareImage(fixture('srgb-patches.heic'));
    expect(largestDifference(patchColours(srgb.pixels, srgb.width), PATCHES)).toBeLessThanOrEqual(
      3,
    );
    const p3File = fixture('p3-patches.heic');
    const colour = heicColour(p3File);
    expect(colour && 'icc' in colour && colour.icc.toString('latin1', 36, 40)).toBe('acsp');
    const p3 = await prepareImage(p3File);
    expect(largestDifference(patchColours(p3.pixels, p3.width), PATCHES)).toBeLessThanOrEqual(3);
    // Its stored values are P3's: read without the profile they are not the sRGB colours.
    const raw = await decodeHeic(p3File, LIMITS);
    expect(raw.width).toBe(128);
    expect(largestDifference(patchColours(raw.data, raw.width), P3_VALUES)).toBeLessThanOrEqual(3);
    expect(largestDifference(patchColours(raw.data, raw.width), PATCHES)).toBeGreaterThan(15);
  });

  it('reads Display P3 from nclx colour primaries too', async () => {
    // A container with an nclx `colr` property (primaries 12 = P3), as some phones write.
    const box = (type: string, content: Buffer) => {
      const header = Buffer.alloc(8);
      header.writeUInt32BE(8 + content.length, 0);
      header.write(type, 4, 'latin1');
      return Buffer.concat([header, content]);
    };
    const nclx = (primaries: number) =>
      box('colr', Buffer.from([0x6e, 0x63, 0x6c, 0x78, 0, primaries, 0, 13, 0, 6, 0x80]));
    const file = (primaries: number) =>
      box(
        'meta',
        Buffer.concat([
          Buffer.alloc(4),
          box('iprp', box('ipco', Buffer.concat([nclx(primaries), box('ispe', Buffer.alloc(12))]))),
        ]),
      );
    expect(heicColour(file(12))).toEqual({ primaries: 12 });
    expect(heicColour(file(1))).toBeNull();
    // P3 values taken on as P3: sharp converts them to the sRGB colours.
    const data = new Uint8Array(128 * 128 * 3);
    for (let y = 0; y < 128; y++)
      for (let x = 0; x < 128; x++)
        data.set(P3_VALUES[(y >= 64 ? 2 : 0) + (x >= 64 ? 1 : 0)] ?? [], (y * 128 + x) * 3);
    const pixels = { data, width: 128, height: 128, original: { width: 128, height: 128 } };
    const asP3 = await (
      await heicInput(pixels, { primaries: 12 })
    )
      .toColourspace('srgb')
      .removeAlpha()
      .raw()
      .toBuffer();
    expect(largestDifference(patchColours(asP3, 128), PATCHES)).toBeLessThanOrEqual(2);
    const asIs = await (await heicInput(pixels, null)).removeAlpha().raw().toBuffer();
    expect(largestDifference(patchColours(asIs, 128), P3_VALUES)).toBe(0);
  });

  it('declaring more pixels than the limit is refused before any decoding', async () => {
    const bomb = Buffer.from(FACE_HEIC);
    // Every `ispe` (the image's declared size) rewritten to 20000 × 20000.
    for (let at = bomb.indexOf('ispe'); at >= 0; at = bomb.indexOf('ispe', at + 4)) {
      bomb.writeUInt32BE(20_000, at + 8);
      bomb.writeUInt32BE(20_000, at + 12);
    }
    expect(heicDeclaredSize(bomb)).toEqual({ width: 20_000, height: 20_000 });
    expect(20_000 * 20_000).toBeGreaterThan(SCAN_MAX_HEIC_PIXELS);
    const started = performance.now();
    expect(await refusal(bomb)).toBe('image_too_large');
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('a damaged HEIC is "not a photo we can read", and the server goes on', async () => {
    const cut = FACE_HEIC.subarray(0, Math.floor(FACE_HEIC.length * 0.5));
    expect(await refusal(cut)).toBe('unreadable_image');
    // The HEVC stream garbled in its middle: the decoder fails or returns noise; never a crash.
    const garbled = Buffer.from(FACE_HEIC);
    for (let i = Math.floor(garbled.length * 0.4); i < garbled.length * 0.6; i++)
      garbled[i] = (garbled[i] as number) ^ 0x5a;
    expect(['unreadable_image', 'decoded']).toContain(await refusal(garbled));
    // A decoder that does not answer in time is stopped.
    await expect(decodeHeic(FACE_HEIC, { ...LIMITS, timeoutMs: 1 })).rejects.toThrow(
      /took over 1 ms/,
    );
    expect((await prepareImage(FACE_HEIC)).width).toBe(500);
  });

  it('leaves the worker shrunk by a whole factor to no less than the analysed size, and over its limit not at all', async () => {
    // The 500 px portrait, asked for at least 200 px: shrunk by 2 (a 2 × 2 box average).
    const half = await decodeHeic(FACE_HEIC, { ...LIMITS, minSide: 200 });
    expect(half).toMatchObject({ width: 250, height: 250, original: { width: 500, height: 500 } });
    const whole = await decodeHeic(FACE_HEIC, LIMITS);
    expect(whole.width).toBe(500);
    const at = (img: typeof whole, x: number, y: number) => [
      ...img.data.subarray((y * img.width + x) * 3, (y * img.width + x) * 3 + 3),
    ];
    // Each shrunk pixel is the rounded mean of its 2 × 2 block.
    for (const [x, y] of [
      [125, 125],
      [60, 200],
    ] as const) {
      const block = [
        at(whole, 2 * x, 2 * y),
        at(whole, 2 * x + 1, 2 * y),
        at(whole, 2 * x, 2 * y + 1),
        at(whole, 2 * x + 1, 2 * y + 1),
      ];
      const mean = [0, 1, 2].map((c) =>
        Math.floor((block.reduce((s, p) => s + (p[c] as number), 0) + 2) / 4),
      );
      expect(at(half, x, y)).toEqual(mean);
    }
    // The decoded size is held to the limit before a pixel is read (a file may declare less).
    await expect(decodeHeic(FACE_HEIC, { ...LIMITS, maxPixels: 500 * 499 })).rejects.toBeInstanceOf(
      HeicTooLarge,
    );
  });

  it('a HEIF holding an AVIF is still refused as a type we do not take', async () => {
    const avif = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c96' } })
      .avif()
      .toBuffer();
    expect(await refusal(avif)).toBe('unsupported_type');
  });
});
