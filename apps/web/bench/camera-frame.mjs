// @ts-check
import path from 'node:path';
import sharp from 'sharp';

/**
 * The test portrait as the camera view reads it: filling the height of a 1280×720 camera frame
 * (grey around it, JPEG q80 as a camera stream's compression), shrunk to the 640×360 RGBA frame
 * the live loop sends (apps/web use-live-guidance.ts). The live gate passes it, so every check
 * runs (a frame refused early, say for no face, costs less). Base64 of the RGBA bytes.
 * @param {string} repoRoot
 */
export async function cameraFrame640(repoRoot) {
  const portrait = path.join(repoRoot, 'packages/skin-engine/test/fixtures/astronaut-face.jpg');
  const face = await sharp(portrait).resize(720, 720).png().toBuffer();
  const camera = await sharp({
    create: { width: 1280, height: 720, channels: 3, background: { r: 150, g: 146, b: 140 } },
  })
    .composite([{ input: face, left: 280, top: 0 }])
    .jpeg({ quality: 80 })
    .toBuffer();
  const rgba = await sharp(camera).resize(640, 360).ensureAlpha().raw().toBuffer();
  return rgba.toString('base64');
}
