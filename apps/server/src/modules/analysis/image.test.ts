// Issue 30: an AVIF whose brands were rewritten never reaches a decoder; the API refuses AVIF.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { SCAN_PHOTO_MAX_SIDE } from '@lumiskin/contract/scan';
import { prepareImage, sniffImageType } from './image';
import { refusal } from './test-fixtures/scan-kit';

const box = (type: string, content: Buffer) => {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + content.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, content]);
};
const ftyp = (major: string, compatible: string[]) =>
  box('ftyp', Buffer.from(`${major}\0\0\0\0${compatible.join('')}`, 'latin1'));

/** Rewrites every brand of the file's ftyp box (major and compatible) to `brand`. */
function relabel(avif: Buffer, major: string, compatible?: string): Buffer {
  const copy = Buffer.from(avif);
  const size = copy.readUInt32BE(0);
  copy.write(major, 8, 'latin1');
  if (compatible) for (let at = 16; at + 4 <= size; at += 4) copy.write(compatible, at, 'latin1');
  return copy;
}

async function realAvif(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: '#c96' } })
    .avif({ quality: 50 })
    .toBuffer();
}

describe('AVIF relabelled as HEIF', () => {
  it('is not taken for HEIC, whatever its brands say', async () => {
    const avif = await realAvif();
    expect(avif.toString('latin1', 4, 12)).toBe('ftypavif');
    expect(sniffImageType(avif)).toBeNull();
    expect(sniffImageType(relabel(avif, 'mif1'))).toBeNull();
    // Every brand rewritten to HEIC's: the AV1 configuration in its meta box still tells.
    expect(sniffImageType(relabel(avif, 'heic', 'heic'))).toBeNull();
  });

  it('is refused as an unsupported type before any decoding', async () => {
    const avif = await realAvif();
    for (const bytes of [avif, relabel(avif, 'mif1'), relabel(avif, 'mif1', 'mif1')]) {
      expect(await refusal(bytes)).toBe('unsupported_type');
    }
  });

  it('still knows a HEIC: HEVC brands and an hvcC configuration', () => {
    const meta = box('meta', Buffer.concat([Buffer.alloc(4), box('hvcC', Buffer.alloc(23))]));
    expect(sniffImageType(Buffer.concat([ftyp('heic', ['mif1', 'heic']), meta]))).toBe(
      'image/heic',
    );
    expect(sniffImageType(Buffer.concat([ftyp('mif1', ['mif1', 'heic']), meta]))).toBe(
      'image/heic',
    );
    // mif1 with no HEVC brand says only "some HEIF": not taken.
    expect(sniffImageType(Buffer.concat([ftyp('mif1', ['mif1', 'miaf']), meta]))).toBeNull();
  });
});

// Decision 171: the engine counts the papules a JPEG's colour compression hid, from the file's
// own headers and the decode's resize.
describe('how a JPEG stored its colour', () => {
  const photo = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: '#b07a66' } });

  it('comes with the decoded pixels, with the resize the decode made', async () => {
    const small = await prepareImage(
      await photo(800, 600).jpeg({ quality: 45, chromaSubsampling: '4:2:0' }).toBuffer(),
    );
    expect(small.encoding).toMatchObject({ chromaSubsampling: 4, scale: 1 });
    expect(small.encoding!.chromaStep).toBeCloseTo(28.44, 2);
    const whole = await prepareImage(
      await photo(800, 600).jpeg({ quality: 45, chromaSubsampling: '4:4:4' }).toBuffer(),
    );
    expect(whole.encoding?.chromaSubsampling).toBe(1);
    // Shrunk to the analysed size, and turned by its EXIF orientation (width and height swap).
    const large = await prepareImage(
      await photo(SCAN_PHOTO_MAX_SIDE * 2, SCAN_PHOTO_MAX_SIDE)
        .jpeg({ quality: 80 })
        .withMetadata({ orientation: 6 })
        .toBuffer(),
    );
    expect(large.height).toBe(SCAN_PHOTO_MAX_SIDE);
    expect(large.encoding!.scale).toBeCloseTo(0.5, 3);
  });

  it('is absent for a PNG or a WebP', async () => {
    expect((await prepareImage(await photo(300, 200).png().toBuffer())).encoding).toBeUndefined();
    expect((await prepareImage(await photo(300, 200).webp().toBuffer())).encoding).toBeUndefined();
  });
});
