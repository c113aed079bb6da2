import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import sharp from 'sharp';
// The auto-capture bench writes its clips with the same module: one Y4M writer for both.
import { fakeCameraArgs, y4mFrame } from '../../apps/web/bench/y4m.mjs';
import { chromiumPath } from '../chromium';
import { FACE } from './face-photo';

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumiskin-fake-camera-'));

export interface ClipOptions {
  /** The clip's size (the camera view asks for an ideal 1280×720). */
  width: number;
  height: number;
  /** The portrait's side as a share of the clip's height (1: it fills the height). */
  scale?: number;
  /** Multiplies every channel (sRGB values): < 1 darkens the whole scene. */
  gain?: number;
  /** What surrounds the portrait. */
  background?: string;
  /** Multiplies every channel of the frame's left half (a light from the right): 1 = even. */
  shadeLeft?: number;
}

/**
 * A .y4m clip of the test portrait for Chromium's fake camera (`--use-file-for-fake-video-capture`):
 * one 4:2:0 frame (Chromium loops it), BT.601 limited range; the portrait square, centred.
 */
export async function portraitY4m(name: string, options: ClipOptions): Promise<string> {
  const { width: W, height: H, scale = 1, gain = 1, background = '#969290' } = options;
  const { shadeLeft = 1 } = options;
  const side = Math.round(H * scale);
  const portrait = await sharp(FACE).resize(side, side).png().toBuffer();
  let scene = sharp({ create: { width: W, height: H, channels: 3, background } }).composite([
    { input: portrait, left: Math.round((W - side) / 2), top: Math.round((H - side) / 2) },
  ]);
  if (gain !== 1) scene = sharp(await scene.png().toBuffer()).linear(gain, 0);
  const { data } = await scene.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  if (shadeLeft !== 1)
    for (let j = 0; j < H; j++)
      for (let p = j * W * 3; p < (j * W + W / 2) * 3; p++)
        data[p] = Math.round((data[p] ?? 0) * shadeLeft);
  const file = path.join(workDir, `${name}.y4m`);
  fs.writeFileSync(file, y4mFrame(data, W, H));
  return file;
}

/** A Chromium whose camera shows the clip (permission granted without a prompt). */
export function launchWithFakeCamera(y4m: string): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: fakeCameraArgs(y4m),
  });
}
