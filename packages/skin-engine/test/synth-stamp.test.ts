import { describe, expect, it } from 'vitest';
import { paintLesions, type RenderMode, type Rgb8 } from '../bench/synth-lesions';

/**
 * The lesion bench's third painter, 'stamp' (bench/synth-lesions.ts): one fixed colour per kind
 * whatever the skin, flat. It exists to check that the detector does not depend on the bench's
 * own painters (calibration log, session 41), so what it paints must be what it says.
 */

const SIZE = 41;
const C = 20;

function flat(rgb: [number, number, number]): Rgb8 {
  const data = new Uint8Array(SIZE * SIZE * 3);
  for (let i = 0; i < data.length; i += 3) data.set(rgb, i);
  return { width: SIZE, height: SIZE, channels: 3, data };
}

function px(img: Rgb8, x: number, y: number): [number, number, number] {
  const i = (y * SIZE + x) * 3;
  return [img.data[i] as number, img.data[i + 1] as number, img.data[i + 2] as number];
}

function papule(skin: [number, number, number], mode: RenderMode): Rgb8 {
  return paintLesions(flat(skin), [{ kind: 'papule', x: C, y: C, rMm: 2 }], {
    mmPerPx: 0.25,
    mode,
    seed: 7,
  }).image;
}

describe("the lesion bench's stamp painter", () => {
  const pale: [number, number, number] = [225, 180, 160];
  const dark: [number, number, number] = [70, 45, 35];

  it('blends one fixed red whatever the skin: redder than both, darker than pale, lighter than dark', () => {
    const onPale = px(papule(pale, 'stamp'), C, C);
    const onDark = px(papule(dark, 'stamp'), C, C);
    // Redder than the skin on both (red up against green).
    expect(onPale[0] - onPale[1]).toBeGreaterThan(pale[0] - pale[1] + 20);
    expect(onDark[0] - onDark[1]).toBeGreaterThan(dark[0] - dark[1] + 20);
    // A fixed colour blended in: darker than the pale skin, lighter than the dark skin.
    expect(onPale[1]).toBeLessThan(pale[1] - 30);
    expect(onDark[0]).toBeGreaterThan(dark[0] + 30);
    // The 'paint' painter instead picks a colour darker than the skin on dark skin.
    const painted = px(papule(dark, 'paint'), C, C);
    expect(painted[0] + painted[1] + painted[2]).toBeLessThan(dark[0] + dark[1] + dark[2]);
  });

  it('is flat: no shading from above and no glint, where the other painters shade the dome', () => {
    const sum = (p: [number, number, number]) => p[0] + p[1] + p[2];
    const stamped = papule(pale, 'stamp');
    expect(Math.abs(sum(px(stamped, C, C - 4)) - sum(px(stamped, C, C + 4)))).toBeLessThanOrEqual(
      3,
    );
    const painted = papule(pale, 'paint');
    expect(sum(px(painted, C, C - 4)) - sum(px(painted, C, C + 4))).toBeGreaterThan(6);
  });
});
