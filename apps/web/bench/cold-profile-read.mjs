// @ts-check
/**
 * Readers for browser-engine-cold-profile.mjs (decision 146), kept apart so they run under test:
 * a Chrome trace's self time per event name and step, per thread; a V8 CPU profile's self time
 * per kind and per function, the JavaScript put under the module it comes from (an unminified
 * Vite build starts each module with a `// <path>` comment line).
 */

/**
 * The trace categories the engine benches record (V8's compile, GC and WASM detail, the
 * timeline, user timings), which `traceSelfTimes` reads.
 */
export const ENGINE_TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8',
  'v8.execute',
  'disabled-by-default-v8.compile',
  'disabled-by-default-v8.gc',
  'v8.wasm',
  'disabled-by-default-v8.wasm.detailed',
  'blink.user_timing',
];

/**
 * The modules of a bundle: [first line (0-based), short name] in line order, from its
 * `// <path>` comment lines.
 * @param {string} source
 * @returns {[number, string][]}
 */
export function bundleModules(source) {
  /** @type {[number, string][]} */
  const modules = [];
  source.split('\n').forEach((line, i) => {
    const m = /^\/\/ (\S+\.[cm]?[jt]sx?)$/.exec(line);
    if (m?.[1]) modules.push([i, moduleGroup(m[1])]);
  });
  return modules;
}

/** A module's path shortened to its package (and the engine's file). */
export function moduleGroup(/** @type {string} */ file) {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(file);
  if (pkg?.[1]) return pkg[1];
  // Rolldown leaves out the comment of some modules, so the engine's files are one group.
  if (/skin-engine\/src\//.test(file)) return 'the engine';
  if (/contract\/src\//.test(file)) return 'the engine';
  return file.replace(/^(\.\.\/)+/, '');
}

/** The module holding `line` (modules sorted by first line), or null before the first. */
function moduleAt(/** @type {[number, string][]} */ modules, /** @type {number} */ line) {
  let lo = 0;
  let hi = modules.length - 1;
  let found = null;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const entry = /** @type {[number, string]} */ (modules[mid]);
    if (entry[0] <= line) {
      found = entry[1];
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/**
 * Self time of a V8 CPU profile (ms): per kind (`wasm`, `gc`, `v8` for "(program)", `js: <module>`
 * when `modules` are given, else `js`) and per function (`name kind`). Idle samples are left out.
 * @param {{ nodes: { id: number, callFrame: { functionName: string, url: string, lineNumber?: number } }[],
 *           samples?: number[], timeDeltas?: number[] }} profile
 * @param {[number, string][]} [modules]
 */
export function profileKinds(profile, modules = []) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  /** @type {Record<string, number>} */
  const kinds = {};
  /** @type {Record<string, number>} */
  const functions = {};
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    // A sample's time is the gap to the next one (the last sample gets the previous gap).
    const ms = (deltas[i + 1] ?? deltas[i] ?? 0) / 1000;
    const node = byId.get(samples[i] ?? -1);
    if (!node) continue;
    const { functionName: name, url, lineNumber = 0 } = node.callFrame;
    if (name === '(idle)') continue;
    let kind = 'js';
    if (name === '(garbage collector)') kind = 'gc';
    else if (name === '(program)') kind = 'v8';
    else if (url.startsWith('wasm://') || /^(\$|wasm-function)/.test(name)) kind = 'wasm';
    else if (modules.length > 0) kind = `js: ${moduleAt(modules, lineNumber) ?? url}`;
    kinds[kind] = (kinds[kind] ?? 0) + ms;
    const key = `${name || '(anonymous)'} ${kind}`;
    functions[key] = (functions[key] ?? 0) + ms;
  }
  return { kinds, functions };
}

/**
 * Self time (ms) per trace event name in each step, for the thread named `workerThread` (its
 * events under `worker`) and the other threads of its process (`other`, prefixed by the thread's
 * name). Steps are windows between the page's user-timing marks `bench:<step>:start` and
 * `bench:<step>:end` (the trace's clock is the same in every thread); an event goes to the step
 * in which it starts. Complete (`X`) events and `B`/`E` pairs count; a child's time is taken off
 * its parent's self time.
 * @param {any[]} events
 * @param {string[]} steps
 * @returns {{ worker: Record<string, number[]>, other: Record<string, number[]>, walls: number[] }}
 */
export function traceSelfTimes(events, steps, workerThread = 'DedicatedWorker thread') {
  /** @type {Map<string, number>} */
  const marks = new Map();
  /** @type {Map<string, string>} pid:tid → thread name */
  const threads = new Map();
  for (const e of events) {
    if (e.cat === 'blink.user_timing' && typeof e.name === 'string' && e.name.startsWith('bench:'))
      marks.set(e.name, e.ts);
    if (e.ph === 'M' && e.name === 'thread_name') threads.set(`${e.pid}:${e.tid}`, e.args?.name);
  }
  const windows = steps.map((s) => [marks.get(`bench:${s}:start`), marks.get(`bench:${s}:end`)]);
  const workerKey = [...threads].find(([, name]) => name === workerThread)?.[0];
  const pid = workerKey?.split(':')[0];
  /** @type {Map<string, { name: string, ts: number, dur: number }[]>} */
  const spans = new Map();
  /** @type {Map<string, any[]>} open B events per thread */
  const open = new Map();
  for (const e of [...events].sort((a, b) => a.ts - b.ts)) {
    const key = `${e.pid}:${e.tid}`;
    if (String(e.pid) !== pid) continue;
    const list = spans.get(key) ?? [];
    spans.set(key, list);
    if (e.ph === 'X' && typeof e.dur === 'number')
      list.push({ name: e.name, ts: e.ts, dur: e.dur });
    else if (e.ph === 'B') (open.get(key) ?? open.set(key, []).get(key))?.push(e);
    else if (e.ph === 'E') {
      const begin = open.get(key)?.pop();
      if (begin) list.push({ name: begin.name, ts: begin.ts, dur: e.ts - begin.ts });
    }
  }
  /** @type {{ worker: Record<string, number[]>, other: Record<string, number[]>, walls: number[] }} */
  const out = {
    worker: {},
    other: {},
    // Each step's wall time (ms) between its marks.
    walls: windows.map(([a, b]) =>
      a !== undefined && b !== undefined ? (b - a) / 1000 : Number.NaN,
    ),
  };
  for (const [key, list] of spans) {
    const isWorker = key === workerKey;
    const prefix = isWorker ? '' : `${threads.get(key) ?? key}: `;
    const target = isWorker ? out.worker : out.other;
    // Parents first: earlier start, then the longer one.
    list.sort((a, b) => a.ts - b.ts || b.dur - a.dur);
    /** @type {{ span: { name: string, ts: number, dur: number }, self: number }[]} */
    const stack = [];
    const settle = (
      /** @type {{ span: { name: string, ts: number, dur: number }, self: number }} */ item,
    ) => {
      const step = windows.findIndex(
        ([a, b]) => a !== undefined && b !== undefined && item.span.ts >= a && item.span.ts < b,
      );
      if (step < 0) return;
      const row = (target[prefix + item.span.name] ??= steps.map(() => 0));
      row[step] = (row[step] ?? 0) + item.self / 1000;
    };
    for (const span of list) {
      while (stack.length > 0) {
        const top = /** @type {(typeof stack)[number]} */ (stack[stack.length - 1]);
        if (span.ts >= top.span.ts + top.span.dur) settle(/** @type {any} */ (stack.pop()));
        else break;
      }
      const parent = stack[stack.length - 1];
      if (parent) parent.self -= Math.min(span.dur, parent.span.ts + parent.span.dur - span.ts);
      stack.push({ span, self: span.dur });
    }
    while (stack.length > 0) settle(/** @type {any} */ (stack.pop()));
  }
  return out;
}
