import { describe, expect, it } from 'vitest';
import { assessFrame } from './face-guidance';

const W = 96;
const H = 72;

/** A frame of `background` with a skin-toned ellipse `fill` of the frame high, lit at `skin`. */
function frame(
  fill: number,
  skin: [number, number, number],
  background: [number, number, number] = [40, 60, 90],
) {
  const data = new Uint8ClampedArray(W * H * 4);
  const ry = (fill * H) / 2;
  const rx = ry * 0.75;
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const inside = ((x - W / 2) / rx) ** 2 + ((y - H / 2) / ry) ** 2 <= 1;
      const [r, g, b] = inside ? skin : background;
      data.set([r, g, b, 255], (y * W + x) * 4);
    }
  }
  return data;
}

const SKIN: [number, number, number] = [214, 160, 130];

describe('assessFrame', () => {
  it('asks to come closer, then says the distance is good, then asks to move back', () => {
    expect(assessFrame(frame(0.4, SKIN), W, H).distance).toBe('closer');
    expect(assessFrame(frame(0.7, SKIN), W, H).distance).toBe('good');
    expect(assessFrame(frame(0.95, SKIN), W, H).distance).toBe('back');
  });

  it('sees no face in a frame without skin tones', () => {
    expect(assessFrame(frame(0.7, [60, 120, 200]), W, H).distance).toBe('no_face');
  });

  it('judges the light on the face with the engine limits', () => {
    expect(assessFrame(frame(0.7, SKIN), W, H).light).toBe('good');
    expect(assessFrame(frame(0.7, [70, 45, 35], [5, 5, 5]), W, H).light).toBe('dim');
    expect(assessFrame(frame(0.7, [20, 12, 8], [2, 2, 2]), W, H).light).toBe('dark');
  });

  it('says dim only where the engine would refuse: a dim face in a dark scene', () => {
    // Face luma about 74 (a deep skin tone): dim in a dark room, fine in a lit one.
    const deep: [number, number, number] = [100, 66, 50];
    expect(assessFrame(frame(0.7, deep, [20, 20, 20]), W, H).light).toBe('dim');
    expect(assessFrame(frame(0.7, deep, [200, 200, 200]), W, H).light).toBe('good');
  });
});
