/** Capture variants of a photo for the validity benchmark: re-save, resize, exposure, cast, re-tint. */
import sharp, { type Sharp } from 'sharp';
import { jpegEncoding, type ImageEncoding } from '../src/image/jpeg-encoding';
import type { PixelImage } from '../src/image/raster';
import { decodeFile } from './dev-faces';

/** Pixels, and how the JPEG they were decoded from stored its colour (decision 171), if one did. */
export type Img = PixelImage & { data: Uint8Array; encoding?: ImageEncoding };

/** The image through sharp: `op` transforms and encodes it; decoded back to pixels. */
async function throughSharp(img: Img, op: (s: Sharp) => Sharp): Promise<Img> {
  const input = sharp(Buffer.from(img.data), {
    raw: { width: img.width, height: img.height, channels: 3 },
  });
  return decodeFile(await op(input).toBuffer());
}

export function reencode(img: Img, quality: number): Promise<Img> {
  return throughSharp(img, (s) => s.jpeg({ quality }));
}

export function resized(img: Img, factor: number): Promise<Img> {
  return throughSharp(img, (s) =>
    s
      .resize(Math.round(img.width * factor), Math.round(img.height * factor), {
        kernel: 'lanczos3',
      })
      .png({ compressionLevel: 1 }),
  );
}

/** Soft focus or a phone's noise reduction: a Gaussian blur of `sigma` image px (lossless). */
export function blurred(img: Img, sigma: number): Promise<Img> {
  return throughSharp(img, (s) => s.blur(sigma).png({ compressionLevel: 1 }));
}

/** Exposure change: linear light scaled by `factor` (what a camera's exposure does), then sRGB. */
export function exposed(img: Img, factor: number): Img {
  const lut = new Uint8Array(256);
  for (let v = 0; v < 256; v++) {
    const c = v / 255;
    const lin = c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    const l2 = Math.min(1, lin * factor);
    const s = l2 <= 0.0031308 ? 12.92 * l2 : 1.055 * l2 ** (1 / 2.4) - 0.055;
    lut[v] = Math.round(255 * s);
  }
  const data = new Uint8Array(img.data.length);
  for (let i = 0; i < data.length; i++) data[i] = lut[img.data[i] as number] as number;
  return { ...img, data };
}

/** A colour cast: per-channel gains in linear light (a different white balance). */
export function castImage(img: Img, gains: [number, number, number]): Img {
  const luts = gains.map((g) => {
    const lut = new Uint8Array(256);
    for (let v = 0; v < 256; v++) {
      const c = v / 255;
      const lin = c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      const l2 = Math.min(1, lin * g);
      const s = l2 <= 0.0031308 ? 12.92 * l2 : 1.055 * l2 ** (1 / 2.4) - 0.055;
      lut[v] = Math.round(255 * s);
    }
    return lut;
  });
  const data = new Uint8Array(img.data.length);
  for (let i = 0; i < data.length; i++)
    data[i] = (luts[i % 3] as Uint8Array)[img.data[i] as number] as number;
  return { ...img, data };
}

/**
 * Synthetic re-tint toward darker skin under the same light (dichromatic reflection): the diffuse
 * part of each channel (up to the skin's 60th percentile) is scaled by a melanin-like
 * transmittance, the surface glint above it is kept. The same model as test/fairness.test.ts.
 */
export function retinted(img: Img): Img {
  const t = [0.55, 0.45, 0.4];
  const lin = (v: number) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const diffuse = [0, 1, 2].map((c) => {
    const v: number[] = [];
    for (let i = c; i < img.data.length; i += 3) v.push(lin(img.data[i] as number));
    v.sort((a, b) => a - b);
    return v[Math.floor(v.length * 0.6)] as number;
  });
  const data = new Uint8Array(img.data.length);
  for (let i = 0; i < data.length; i++) {
    const c = i % 3;
    const l = lin(img.data[i] as number);
    const d = diffuse[c] as number;
    const o = Math.min(1, (t[c] as number) * Math.min(l, d) + Math.max(0, l - d));
    data[i] = Math.round(255 * (o <= 0.0031308 ? 12.92 * o : 1.055 * o ** (1 / 2.4) - 0.055));
  }
  return { ...img, data };
}

/**
 * What the scan screen's camera view sends (apps/web camera-view.tsx): the video frame, ideally
 * 1280×720, drawn to a canvas and encoded as JPEG at quality 0.92 (decision 172), with the face filling the
 * frame's height as the screen's guide asks. The portrait is cropped to a square of 1.5 × the
 * detected face box around it (padded with a neutral grey where the photo ends), scaled to 720 px
 * and centred in the frame.
 */
export async function cameraFrame(
  img: Img,
  box: readonly [number, number, number, number],
): Promise<Img> {
  const [bx, by, bw, bh] = box;
  const side = Math.round(1.5 * Math.max(bw, bh));
  const left = Math.round(bx + bw / 2 - side / 2);
  const top = Math.round(by + bh / 2 - side / 2);
  const grey = { r: 164, g: 156, b: 148 };
  const pad = {
    left: Math.max(0, -left),
    top: Math.max(0, -top),
    right: Math.max(0, left + side - img.width),
    bottom: Math.max(0, top + side - img.height),
  };
  // Two pipelines: sharp extracts before it extends within one.
  const padded = await sharp(Buffer.from(img.data), {
    raw: { width: img.width, height: img.height, channels: 3 },
  })
    .extend({ ...pad, background: grey })
    .png({ compressionLevel: 1 })
    .toBuffer();
  const square = await sharp(padded)
    .extract({ left: left + pad.left, top: top + pad.top, width: side, height: side })
    .resize(720, 720, { kernel: 'lanczos3' })
    .png({ compressionLevel: 1 })
    .toBuffer();
  const buf = await sharp({ create: { width: 1280, height: 720, channels: 3, background: grey } })
    .composite([{ input: square, left: 280, top: 0 }])
    .jpeg({ quality: 92 })
    .toBuffer();
  return decodeFile(buf);
}

/**
 * A small framing change: the same person a little off-centre and nearer, as a second photo taken
 * seconds later would be (5 % cropped from the left, 3 % from the top, 2 % from the right).
 */
export async function reframed(img: Img): Promise<Img> {
  const left = Math.round(img.width * 0.05);
  const top = Math.round(img.height * 0.03);
  const width = img.width - left - Math.round(img.width * 0.02);
  const buf = await sharp(Buffer.from(img.data), {
    raw: { width: img.width, height: img.height, channels: 3 },
  })
    .extract({ left, top, width, height: img.height - top })
    .png({ compressionLevel: 1 })
    .toBuffer();
  return decodeFile(buf);
}

/** The head turned in the frame: rotated by `degrees` about the centre, cropped back to the frame. */
export async function rotated(img: Img, degrees: number): Promise<Img> {
  const turned = await sharp(Buffer.from(img.data), {
    raw: { width: img.width, height: img.height, channels: 3 },
  })
    .rotate(degrees, { background: { r: 128, g: 128, b: 128 } })
    .png({ compressionLevel: 1 })
    .toBuffer({ resolveWithObject: true });
  const left = Math.floor((turned.info.width - img.width) / 2);
  const top = Math.floor((turned.info.height - img.height) / 2);
  const buf = await sharp(turned.data)
    .extract({ left, top, width: img.width, height: img.height })
    .png({ compressionLevel: 1 })
    .toBuffer();
  return decodeFile(buf);
}

/** A step nearer the camera: the frame enlarged by `factor` about its centre, cropped back. */
export async function nearer(img: Img, factor: number): Promise<Img> {
  const w = Math.round(img.width * factor);
  const h = Math.round(img.height * factor);
  const buf = await sharp(Buffer.from(img.data), {
    raw: { width: img.width, height: img.height, channels: 3 },
  })
    .resize(w, h, { kernel: 'lanczos3' })
    .extract({
      left: Math.floor((w - img.width) / 2),
      top: Math.floor((h - img.height) / 2),
      width: img.width,
      height: img.height,
    })
    .png({ compressionLevel: 1 })
    .toBuffer();
  return decodeFile(buf);
}

/**
 * Another exposure of the same sensor: Gaussian noise of σ (sRGB levels, a fixed seed per photo
 * size) and the camera's JPEG q90, what two shots a second apart differ by.
 */
export async function sensorNoise(img: Img, sigma: number): Promise<Img> {
  let s = (img.width * 7919 + img.height) >>> 0;
  const rand = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const data = new Uint8Array(img.data.length);
  for (let i = 0; i < data.length; i++) {
    const g = Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
    data[i] = Math.max(0, Math.min(255, Math.round((img.data[i] as number) + sigma * g)));
  }
  return reencode({ ...img, data }, 90);
}

/**
 * A phone camera's own file (decision 191's bench): the portrait enlarged to `longSide` (a 12 MP
 * photo's 4032 px) and saved at JPEG `quality` (4:2:0), as a phone's camera app saves it.
 */
export async function phoneFile(img: Img, longSide = 4032, quality = 92): Promise<Buffer> {
  const f = longSide / Math.max(img.width, img.height);
  return sharp(Buffer.from(img.data), {
    raw: { width: img.width, height: img.height, channels: 3 },
  })
    .resize(Math.round(img.width * f), Math.round(img.height * f), { kernel: 'lanczos3' })
    .jpeg({ quality })
    .toBuffer();
}

/**
 * What the scan screen sends for a large photo (decision 191): the file decoded, shrunk to
 * `longSide` at most and saved again at JPEG `quality` (4:2:0, as a browser's canvas does).
 */
export async function deviceShrunk(file: Buffer, longSide: number, quality = 92): Promise<Buffer> {
  return sharp(file)
    .rotate()
    .resize({ width: longSide, height: longSide, fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality })
    .toBuffer();
}

/**
 * The pixels the server analyses from an uploaded file (apps/server analysis/image.ts): shrunk
 * on load to a long side of 1600 at most, with the file's JPEG encoding and its scale.
 */
export async function serverPrepared(file: Buffer): Promise<Img> {
  const meta = await sharp(file).metadata();
  const { data, info } = await sharp(file)
    .rotate()
    .resize({ width: 1600, height: 1600, fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const stored = jpegEncoding(file);
  const scale = Math.max(info.width, info.height) / Math.max(meta.width ?? 1, meta.height ?? 1);
  return {
    data: new Uint8Array(data),
    width: info.width,
    height: info.height,
    channels: 3,
    ...(stored ? { encoding: { ...stored, scale } } : {}),
  };
}
