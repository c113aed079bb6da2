/**
 * V8's tiering on the first analysis (decision 151): a CPU profile of the first and of the third
 * analysis of a fresh process (the bench photo, as bench/cold-first.ts), each function's self time
 * in each and the difference, the engine's own files first. What the first analysis spends in a
 * function beyond a later one is mostly its code before TurboFan's arrives (run with
 * `--trace-opt --trace-deopt` to see when each is optimised or thrown away).
 * `node --import tsx bench/tier-profile.ts [top=40]`
 */
import { Session } from 'node:inspector/promises';
import { createSkinEngine } from '../src/node';
import { benchImage } from './dev-faces';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

function selfTimes(profile: Profile): Map<string, number> {
  const key = new Map<number, string>();
  for (const n of profile.nodes) {
    const file = n.callFrame.url.replace(/^.*\/src\//, 'src/').replace(/^.*node_modules\//, '');
    key.set(n.id, `${n.callFrame.functionName || '(anon)'} ${file}:${n.callFrame.lineNumber + 1}`);
  }
  const out = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const k = key.get(id) ?? '?';
    out.set(k, (out.get(k) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return out;
}

const top = Number(process.argv[2] ?? 40);
const photo = await benchImage();
const engine = await createSkinEngine();
const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 100 });
const profiles: Map<string, number>[] = [];
const walls: number[] = [];
for (let i = 0; i < 3; i++) {
  if (process.env.TIER_MARK) console.log(`=== analysis ${i + 1}`);
  await session.post('Profiler.start');
  const t = performance.now();
  const r = await engine.analyze({
    image: { ...photo, data: photo.data.slice() },
    analysisType: 'comprehensive',
  });
  walls.push(performance.now() - t);
  const { profile } = (await session.post('Profiler.stop')) as { profile: Profile };
  if (!r.ok) throw new Error(`the photo was refused (${r.code})`);
  profiles.push(selfTimes(profile));
}
const [first, , later] = profiles as [
  Map<string, number>,
  Map<string, number>,
  Map<string, number>,
];
const rows = [...new Set([...first.keys(), ...later.keys()])].map((k) => {
  const a = first.get(k) ?? 0;
  const b = later.get(k) ?? 0;
  return { k, a, b, d: a - b };
});
rows.sort((x, y) => y.d - x.d);
const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
console.log(
  `walls ms: ${walls.map((w) => w.toFixed(0)).join(' / ')}; sampled first ${sum(first).toFixed(0)}, third ${sum(later).toFixed(0)}`,
);
console.log('first  later  extra  function (self ms)');
for (const r of rows.slice(0, top))
  console.log(
    `${r.a.toFixed(1).padStart(6)} ${r.b.toFixed(1).padStart(6)} ${r.d.toFixed(1).padStart(6)}  ${r.k}`,
  );
