// @ts-check
/**
 * Phases of one analysis read from a V8 CPU profile (the DevTools protocol's `Profiler.stop`
 * answer; Node's inspector and Chromium's worker give the same shape), so the browser and Node
 * are broken down the same way without timing code in the measures (decision 133): the time of
 * every sample is added to each named phase on its stack (inclusive time, a phase counted once per
 * sample even when it recurses), and each sample's leaf is put in one kind — WebAssembly (the tfjs
 * kernels), garbage collection, V8's own work ("(program)": compiling, the runtime) or JavaScript.
 * Function names must survive bundling: Node runs the sources (tsx keeps names) and the browser
 * bench profiles a build made with `--minify false`.
 */

/**
 * The engine's own phases, outermost first; each measure is under `measureFace`. Async functions
 * (`prepare`, Human's `detect`) appear on the stack of each of their resumed parts.
 */
export const PHASES = [
  ['detect', 'detector + mesh (Human, tfjs WASM), our part included'],
  ['detectorInput', '  the detector input (photo → float square)'],
  ['checkDetections', 'gate: faces and angles'],
  ['checkExposure', 'gate: exposure'],
  ['buildFaceFrame', 'face frame (resample to the working frame, zones, white balance)'],
  ['estimateWhitePoint', '  white point'],
  ['sharpness', 'gate: sharpness'],
  ['measureFace', 'measures (all)'],
  ['skinContext', '  skin context (Lab, weights, hair)'],
  ['detectHair', '    hair'],
  ['detectMarks', '  marks (blemishes, spots, pores, comedones)'],
  ['detectInflammatory', '    lesions'],
  ['detectComedones', '    comedones'],
  ['surfaceMaps', '  surface maps (texture, lines, shine)'],
  ['zoneMeasurements', '  per-zone sums'],
  ['scoreMetrics', 'scoring'],
  ['buildOverlays', 'overlays'],
  ['zoneNotes', 'zone notes'],
  ['assessLiveFrame', 'live gate (live guidance)'],
];

/** @param {string} url @param {string} name */
function kindOf(url, name) {
  if (name === '(garbage collector)') return 'gc';
  if (name === '(program)') return 'v8';
  if (name === '(idle)') return 'idle';
  if (url.startsWith('wasm://') || /^(\$|wasm-function)/.test(name)) return 'wasm';
  return 'js';
}

/**
 * @param {{ nodes: { id: number, callFrame: { functionName: string, url: string }, children?: number[] }[],
 *           samples?: number[], timeDeltas?: number[] }} profile
 * @returns {{ totalMs: number, phases: Record<string, number>, kinds: Record<string, number>, top: [string, number][] }}
 */
export function profilePhases(profile) {
  /** @type {Map<number, number>} */
  const parent = new Map();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const names = new Set(PHASES.map(([name]) => name));
  /** @type {Record<string, number>} */
  const phases = Object.fromEntries(PHASES.map(([name]) => [name, 0]));
  /** @type {Record<string, number>} */
  const kinds = { wasm: 0, js: 0, gc: 0, v8: 0, idle: 0 };
  /** @type {Map<string, number>} */
  const self = new Map();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  let totalMs = 0;
  for (let i = 0; i < samples.length; i++) {
    // A sample's time is the gap to the next one (the last sample gets the previous gap).
    const ms = (deltas[i + 1] ?? deltas[i] ?? 0) / 1000;
    const leaf = byId.get(samples[i] ?? -1);
    if (!leaf) continue;
    const kind = kindOf(leaf.callFrame.url, leaf.callFrame.functionName);
    kinds[kind] = (kinds[kind] ?? 0) + ms;
    if (kind === 'idle') continue;
    totalMs += ms;
    const key = `${leaf.callFrame.functionName || '(anonymous)'} ${kind}`;
    self.set(key, (self.get(key) ?? 0) + ms);
    const seen = new Set();
    for (let id = leaf.id; id !== undefined; id = parent.get(id)) {
      const name = byId.get(id)?.callFrame.functionName ?? '';
      if (names.has(name) && !seen.has(name)) {
        seen.add(name);
        phases[name] = (phases[name] ?? 0) + ms;
      }
    }
  }
  const top = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 15);
  return { totalMs, phases, kinds, top };
}

/** Rows "phase  a  b …" for several profiles' phases side by side (ms, rounded). */
export function phaseRows(
  /** @type {{ label: string, result: ReturnType<typeof profilePhases> }[]} */ columns,
) {
  const header = ['phase'.padEnd(68), ...columns.map((c) => c.label.padStart(12))].join('');
  const rows = [header];
  const line = (
    /** @type {string} */ label,
    /** @type {(r: ReturnType<typeof profilePhases>) => number} */ pick,
  ) =>
    rows.push(
      [
        label.padEnd(68),
        ...columns.map((c) => String(Math.round(pick(c.result))).padStart(12)),
      ].join(''),
    );
  line('profiled CPU (busy samples)', (r) => r.totalMs);
  for (const [name, label] of PHASES) line(`${label} [${name}]`, (r) => r.phases[name] ?? 0);
  for (const kind of ['wasm', 'js', 'gc', 'v8']) line(`kind: ${kind}`, (r) => r.kinds[kind] ?? 0);
  return rows.join('\n');
}
