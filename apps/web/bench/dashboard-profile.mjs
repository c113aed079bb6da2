// @ts-check
/**
 * Where the dashboard's start spends the main thread (issue 13 item 5): the same load as
 * dashboard-nav.mjs (/dashboard, signed in, CPU ×4, cold cache), traced with Chromium's timeline
 * and its sampling profiler, cut at the moment the first score tile is on screen. Prints, per run
 * and as the median over runs:
 *   - the main thread's busy time (its tasks) before the tile, and the part spent in scripts;
 *   - the timeline's self time per kind of work (compile, evaluate, style, layout, GC, ...);
 *   - the profiler's self time per script file (which chunk's code ran).
 * Busy time counts work, not waiting: it moves less with the host's load than the wall clock does.
 *
 *   npm run build && node bench/dashboard-profile.mjs
 *
 * BENCH_URL, CHROMIUM_PATH and BENCH_RUNS (default 3) as in dashboard-nav.mjs; BENCH_TOP sets
 * how many rows each table shows (default 15); BENCH_FUNCTIONS_OUT=file.json writes the self time
 * per function (for a build with `vite build --sourcemap`, to map back to the sources);
 * BENCH_TRACE_OUT=name writes each run's trace to name.N.json (chrome://tracing, DevTools).
 */
import fs from 'node:fs';
import { dashboardRuns, firstTilePaint } from './dashboard-common.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const TOP = Number(process.env.BENCH_TOP ?? 15);
const CPU_SLOWDOWN = 4;
const CATEGORIES = [
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'blink.user_timing',
  'v8',
  'v8.execute',
  'disabled-by-default-v8.cpu_profiler',
];

/** @typedef {{ name: string, cat: string, ph: string, ts: number, dur?: number, pid: number, tid: number, id?: string, args?: any }} TraceEvent */

const fileOf = (/** @type {string | undefined} */ url) => {
  if (!url) return '';
  try {
    return new URL(url).pathname.replace(/^\/assets\//, '').replace(/-[\w-]{8}\.js$/, '.js');
  } catch {
    return url;
  }
};

/** Adds `ms` to `key` in `map`. */
const add = (/** @type {Map<string, number>} */ map, /** @type {string} */ key, ms) =>
  map.set(key, (map.get(key) ?? 0) + ms);

/**
 * @param {TraceEvent[]} events
 * @param {number} tileMs the tile's time since the navigation started (performance.now())
 */
function analyse(events, tileMs) {
  const nav = events.find(
    (e) =>
      e.name === 'navigationStart' && /\/dashboard$/.test(e.args?.data?.documentLoaderURL ?? ''),
  );
  if (!nav) throw new Error('no navigationStart for /dashboard in the trace');
  const { pid, tid } = nav;
  const end = nav.ts + tileMs * 1000;
  const main = events.filter((e) => e.pid === pid && e.tid === tid && e.ts >= nav.ts && e.ts < end);

  // Busy time: the main thread's top-level tasks, clipped at the tile.
  let busy = 0;
  for (const e of main)
    if (e.ph === 'X' && e.name === 'RunTask') busy += Math.min(e.ts + (e.dur ?? 0), end) - e.ts;

  // Self time per kind of work: complete events nested by time; a parent's time minus its children's.
  const complete = main
    .filter((e) => e.ph === 'X' && (e.dur ?? 0) > 0)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  /** @type {Map<string, number>} */
  const byKind = new Map();
  /** @type {{ e: TraceEvent, end: number, child: number }[]} */
  const stack = [];
  const close = (/** @type {{ e: TraceEvent, end: number, child: number }} */ frame) => {
    const dur = Math.min(frame.end, end) - frame.e.ts;
    const self = dur - frame.child;
    const url = frame.e.args?.data?.url ?? frame.e.args?.fileName ?? frame.e.args?.url;
    const kind = /^(EvaluateScript|v8\.compile|v8\.compileModule|v8\.evaluateModule)$/.test(
      frame.e.name,
    )
      ? `${frame.e.name} ${fileOf(url)}`
      : frame.e.name;
    add(byKind, kind, self / 1000);
    const parent = stack.at(-1);
    if (parent) parent.child += dur;
  };
  for (const e of complete) {
    while (stack.length && (stack.at(-1)?.end ?? 0) <= e.ts)
      close(/** @type {any} */ (stack.pop()));
    stack.push({ e, end: e.ts + (e.dur ?? 0), child: 0 });
  }
  while (stack.length) close(/** @type {any} */ (stack.pop()));

  // Profiler samples of the renderer's main thread: self time per script file.
  /** @type {Map<string, number>} */
  const byFile = new Map();
  /** @type {Map<string, number>} where in a script (URL, 0-based line and column, name) */
  const byFunction = new Map();
  const profile = events.find((e) => e.name === 'Profile' && e.pid === pid && e.tid === tid);
  if (profile) {
    /** @type {Map<number, { url: string, fn: string, line: number, column: number }>} */
    const nodes = new Map();
    let t = profile.args.data.startTime;
    /** @type {{ t: number, node: number }[]} */
    const samples = [];
    for (const chunk of events) {
      if (chunk.name !== 'ProfileChunk' || chunk.id !== profile.id || chunk.pid !== pid) continue;
      const data = chunk.args.data;
      for (const n of data.cpuProfile?.nodes ?? [])
        nodes.set(n.id, {
          url: n.callFrame.url,
          fn: n.callFrame.functionName,
          line: n.callFrame.lineNumber,
          column: n.callFrame.columnNumber,
        });
      const ids = data.cpuProfile?.samples ?? [];
      const deltas = data.timeDeltas ?? [];
      for (let i = 0; i < ids.length; i++) {
        t += deltas[i] ?? 0;
        samples.push({ t, node: ids[i] });
      }
    }
    for (let i = 0; i + 1 < samples.length; i++) {
      const s = samples[i];
      const next = samples[i + 1];
      if (!s || !next || s.t < nav.ts || s.t >= end) continue;
      const node = nodes.get(s.node);
      const key = node?.url ? fileOf(node.url) : (node?.fn ?? '?');
      const ms = (Math.min(next.t, end) - s.t) / 1000;
      add(byFile, key, ms);
      if (node?.url) add(byFunction, `${node.url} ${node.line} ${node.column} ${node.fn}`, ms);
    }
  }
  const scripting = [...byKind]
    .filter(([k]) =>
      /^(EvaluateScript|v8\.|FunctionCall|TimerFire|FireAnimationFrame|EventDispatch|RunMicrotasks|V8\.|MinorGC|MajorGC)/.test(
        k,
      ),
    )
    .reduce((sum, [, ms]) => sum + ms, 0);
  return { busy: busy / 1000, scripting, byKind, byFile, byFunction };
}

const median = (/** @type {number[]} */ values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

/** @param {Map<string, number>[]} maps */
function table(title, maps) {
  const keys = new Set(maps.flatMap((m) => [...m.keys()]));
  const rows = [...keys].map(
    (k) => /** @type {const} */ ([k, median(maps.map((m) => m.get(k) ?? 0))]),
  );
  rows.sort((a, b) => b[1] - a[1]);
  console.log(`${title} (median ms over ${maps.length} runs)`);
  for (const [k, ms] of rows.slice(0, TOP)) console.log(`  ${ms.toFixed(0).padStart(6)}  ${k}`);
}

async function main() {
  const results = await dashboardRuns({
    runs: RUNS,
    cpuSlowdown: CPU_SLOWDOWN,
    before: (page, browser) => browser.startTracing(page, { categories: CATEGORIES }),
    after: async (page, browser, run) => {
      const ms = await firstTilePaint(page);
      const raw = await browser.stopTracing();
      if (process.env.BENCH_TRACE_OUT)
        fs.writeFileSync(`${process.env.BENCH_TRACE_OUT}.${run + 1}.json`, raw);
      const trace = JSON.parse(raw.toString('utf8'));
      const result = { ms, ...analyse(trace.traceEvents ?? trace, ms) };
      console.log(
        `run ${run + 1}: tile after ${ms.toFixed(0)} ms; main thread busy ${result.busy.toFixed(0)} ms, ` +
          `of which scripts (incl. their GC) ${result.scripting.toFixed(0)} ms`,
      );
      return result;
    },
  });
  {
    console.log(
      `median: tile ${median(results.map((r) => r.ms)).toFixed(0)} ms, busy ${median(
        results.map((r) => r.busy),
      ).toFixed(0)} ms, scripts ${median(results.map((r) => r.scripting)).toFixed(0)} ms`,
    );
    table(
      'main thread self time per kind of work',
      results.map((r) => r.byKind),
    );
    table(
      'profiler self time per script file',
      results.map((r) => r.byFile),
    );
    if (process.env.BENCH_FUNCTIONS_OUT) {
      // Self time per function, summed over the runs, for mapping back to sources (a build with
      // `--sourcemap`): [url, line, column, name, ms] rows.
      /** @type {Map<string, number>} */
      const total = new Map();
      for (const r of results) for (const [k, ms] of r.byFunction) add(total, k, ms);
      const rows = [...total].map(([k, ms]) => [...k.split(' '), ms]);
      fs.writeFileSync(process.env.BENCH_FUNCTIONS_OUT, JSON.stringify(rows));
    }
  }
}

await main();
