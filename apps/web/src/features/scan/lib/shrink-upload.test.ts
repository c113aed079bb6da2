import { Blob as NodeBlob, File as NodeFile } from 'node:buffer';
import { SCAN_PHOTO_MAX_SIDE } from '@lumiskin/contract/constants';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { photoToSend, SHRINK_TO_SIDE } from './shrink-upload';

/** A JPEG of width × height with EXIF naming the phone. */
async function jpegFile(width: number, height: number) {
  const bytes = await sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 150, b: 130 } },
  })
    .withExifMerge({ IFD0: { Make: 'Lumiskin test phone' } })
    .jpeg({ quality: 60 })
    .toBuffer();
  return asFile(new NodeFile([bytes], 'IMG_0001.JPG', { type: 'image/jpeg' }));
}

/** Node's File as the DOM's type (what the app reads of it, Node's has too). */
const asFile = (file: NodeFile) => file as unknown as File;

const text = async (file: Blob | NodeBlob) =>
  Buffer.from(await file.arrayBuffer()).toString('latin1');

describe('photoToSend', () => {
  // Node's File and Blob read their bytes (arrayBuffer) as a browser's do; jsdom's cannot.
  beforeEach(() => {
    vi.stubGlobal('File', NodeFile);
    vi.stubGlobal('Blob', NodeBlob);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('never decodes a JPEG the server takes as it is: its size comes from the header, and it goes without its EXIF', async () => {
    const decode = vi.fn(() => Promise.reject(new Error('decoded')));
    vi.stubGlobal('createImageBitmap', decode);
    const photo = await jpegFile(SHRINK_TO_SIDE, 200);
    const sent = await photoToSend(photo);
    expect(decode).not.toHaveBeenCalled();
    expect(await text(photo)).toContain('Lumiskin test phone');
    expect(await text(sent)).not.toContain('Lumiskin test phone');
    expect(sent.name).toBe('IMG_0001.jpg');
  });

  it('never decodes a JPEG whose header says it is over the server’s pixel limit (the server refuses it by name)', async () => {
    const decode = vi.fn(() => Promise.reject(new Error('decoded')));
    vi.stubGlobal('createImageBitmap', decode);
    // A small JPEG whose frame header claims 8000 × 7000 (56 MP): a 224 MB bitmap if decoded.
    const bytes = Buffer.from(await (await jpegFile(16, 16)).arrayBuffer());
    const sof = bytes.indexOf(Buffer.from([0xff, 0xc0]));
    bytes.writeUInt16BE(7000, sof + 5);
    bytes.writeUInt16BE(8000, sof + 7);
    const sent = await photoToSend(
      asFile(new NodeFile([bytes], 'huge.jpg', { type: 'image/jpeg' })),
    );
    expect(decode).not.toHaveBeenCalled();
    expect(await text(sent)).not.toContain('Lumiskin test phone');
  });

  it('decodes a JPEG longer than twice the analysed side, and an image whose size its header does not give', async () => {
    expect(SHRINK_TO_SIDE).toBe(2 * SCAN_PHOTO_MAX_SIDE);
    const decode = vi.fn(() => Promise.reject(new Error('no decoder here')));
    vi.stubGlobal('createImageBitmap', decode);
    const large = await jpegFile(SHRINK_TO_SIDE + 1, 100);
    const sentLarge = await photoToSend(large);
    expect(decode).toHaveBeenCalledTimes(1);
    // The decoder failed: the photo goes without its EXIF all the same.
    expect(await text(sentLarge)).not.toContain('Lumiskin test phone');

    const pngBytes = await sharp({
      create: { width: 8, height: 8, channels: 3, background: '#fff' },
    })
      .png()
      .toBuffer();
    const png = asFile(new NodeFile([pngBytes], 'shot.png', { type: 'image/png' }));
    expect(await photoToSend(png)).toBe(png);
    expect(decode).toHaveBeenCalledTimes(2);
  });
});
