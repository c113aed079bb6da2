// @ts-check
/**
 * Clips for Chromium's fake camera (`--use-file-for-fake-video-capture`): one Y4M frame, 4:2:0,
 * BT.601 limited range, which Chromium loops. e2e/tests/fake-camera.ts imports it too.
 */

/**
 * One Y4M frame of packed RGB pixels (W and H even).
 * @param {Uint8Array} rgb
 * @param {number} W
 * @param {number} H
 */
export function y4mFrame(rgb, W, H) {
  const y = Buffer.alloc(W * H);
  const u = Buffer.alloc((W / 2) * (H / 2));
  const v = Buffer.alloc((W / 2) * (H / 2));
  for (let j = 0; j < H; j++) {
    for (let i = 0; i < W; i++) {
      const p = (j * W + i) * 3;
      const [r, g, b] = [rgb[p] ?? 0, rgb[p + 1] ?? 0, rgb[p + 2] ?? 0];
      y[j * W + i] = Math.round(16 + 0.257 * r + 0.504 * g + 0.098 * b);
      if (j % 2 === 0 && i % 2 === 0) {
        const c = (j / 2) * (W / 2) + i / 2;
        u[c] = Math.round(128 - 0.148 * r - 0.291 * g + 0.439 * b);
        v[c] = Math.round(128 + 0.439 * r - 0.368 * g - 0.071 * b);
      }
    }
  }
  const header = Buffer.from(`YUV4MPEG2 W${W} H${H} F30:1 Ip A1:1 C420jpeg\nFRAME\n`);
  return Buffer.concat([header, y, u, v]);
}

/** Chromium's flags for a fake camera that plays `y4m`, permission granted without a prompt. */
export function fakeCameraArgs(/** @type {string} */ y4m) {
  return [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-video-capture=${y4m}`,
  ];
}
