// @ts-check
/* global Worker -- the function given to page.evaluate runs in the page */
/**
 * CPU throttling for a whole Chromium renderer, its workers included. DevTools' own
 * (Emulation.setCPUThrottlingRate) slows a page's main thread only: sent to a dedicated worker it
 * answers "Operation is only supported for pages, not workers", and the skin engine runs in one.
 * So the renderer processes are paused and resumed (SIGSTOP / SIGCONT) in a duty cycle: running
 * 1/rate of every 20 ms, every thread of them is `rate` times slower. Linux only.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

/** The renderer processes under the browser process `root` (any depth: the zygote sits between). */
export function rendererPids(root) {
  const rows = execFileSync('ps', ['-eo', 'pid=,ppid=,args='], { encoding: 'utf8' })
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line))
    .filter((m) => m !== null)
    .map((m) => ({ pid: Number(m[1]), ppid: Number(m[2]), args: m[3] ?? '' }));
  const under = new Set([root]);
  for (let grew = true; grew;) {
    grew = false;
    for (const row of rows) {
      if (under.has(row.ppid) && !under.has(row.pid)) {
        under.add(row.pid);
        grew = true;
      }
    }
  }
  return rows
    .filter((r) => under.has(r.pid) && r.args.includes('--type=renderer'))
    .map((r) => r.pid);
}

/** Starts the duty cycle on `pids`; `stop()` resumes them for good. */
export function throttleProcesses(pids, rate, periodMs = 20) {
  const runMs = periodMs / rate;
  const signal = (name) => {
    for (const pid of pids) {
      try {
        process.kill(pid, name);
      } catch {
        /* the process has ended */
      }
    }
  };
  let stopped = false;
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  const pause = () => {
    if (stopped) return;
    signal('SIGSTOP');
    timer = setTimeout(() => {
      signal('SIGCONT');
      timer = setTimeout(pause, runMs);
    }, periodMs - runMs);
  };
  if (rate > 1) pause();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
      signal('SIGCONT');
    },
  };
}

/** A fixed busy loop in a worker of `page`, in ms: how much slower the throttled renderer really runs. */
export function workerLoopMs(page) {
  return page.evaluate(async () => {
    const source = `onmessage = () => { const t = performance.now(); let x = 0;
      for (let i = 0; i < 1e8; i++) x += i % 7; postMessage([performance.now() - t, x]); }`;
    const worker = new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })));
    const [ms] = await new Promise((resolve) => {
      worker.onmessage = (event) => resolve(event.data);
      worker.postMessage(0);
    });
    worker.terminate();
    return ms;
  });
}

/**
 * Throttles `pids` (the renderers of `page`) to `rate`. On a busy machine the paused renderer's
 * share goes to other processes, so the duty cycle slows it less than its ratio: the ratio is
 * tuned until a worker's busy loop runs `rate`× slower (±10 %, three tries; the slowdown returned
 * is the last one measured). `stop()` ends the throttle.
 */
export async function calibratedThrottle(page, pids, rate, log = () => {}) {
  const loopMs = await workerLoopMs(page);
  let duty = rate;
  let slowdown = 1;
  let throttled = { stop() {} };
  for (let attempt = 0; attempt < 3; attempt++) {
    throttled.stop();
    throttled = throttleProcesses(pids, duty);
    slowdown = (await workerLoopMs(page)) / loopMs;
    log(
      `throttle: ${pids.length} renderers, duty ${duty.toFixed(1)}, slowdown ${slowdown.toFixed(2)}× (loop ${Math.round(loopMs)} ms)`,
    );
    if (Math.abs(slowdown / rate - 1) <= 0.1) break;
    duty = Math.min(duty * (rate / slowdown), rate * 4);
  }
  return { slowdown, stop: () => throttled.stop() };
}

/**
 * Opens the scan page in `context` and throttles its renderers `rate`× (not at all at 1×): the
 * page, the renderers' pids and the throttle (`stop()` ends it).
 * @param {import('playwright-core').BrowserContext} context
 * @param {{ process(): { pid?: number } }} launched
 * @param {string} url
 * @param {number} rate
 * @param {(page: import('playwright-core').Page) => Promise<void>} [prepare] run on the opened page
 *   before the throttle starts
 */
export async function throttledScanPage(context, launched, url, rate, prepare) {
  const page = await context.newPage();
  await page.goto(`${url}/scan`, { waitUntil: 'networkidle' });
  if (prepare) await prepare(page);
  const renderers = rendererPids(launched.process().pid ?? -1);
  const throttle =
    rate > 1 ? await calibratedThrottle(page, renderers, rate) : { slowdown: 1, stop() {} };
  return { page, renderers, throttle };
}

/**
 * CPU time (ms) of each thread of `pids` whose name starts with `name`, by thread id (Linux thread
 * names, at most 15 characters: Chromium's dedicated workers are "DedicatedWorker"). Read it
 * before and after a step and give both to `threadCpuDelta`.
 * @returns {Map<string, number>}
 */
export function threadCpu(pids, name) {
  /** @type {Map<string, number>} */
  const out = new Map();
  for (const pid of pids) {
    let tids = [];
    try {
      tids = fs.readdirSync(`/proc/${pid}/task`);
    } catch {
      continue;
    }
    for (const tid of tids) {
      try {
        const comm = fs.readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim();
        if (!comm.startsWith(name)) continue;
        const stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        out.set(`${pid}/${tid}`, 10 * (Number(fields[11]) + Number(fields[12])));
      } catch {
        /* the thread has ended */
      }
    }
  }
  return out;
}

/**
 * The CPU (ms) the threads alive `after` spent since `before` (a thread new since then from zero).
 * A thread that ended in between is left out, not subtracted (decision 149): a sum over the
 * threads of a name, read twice, took a worker that ended in the step — the throttle's
 * calibration worker, torn down a while after its `terminate()` — off the engine's worker's time.
 * @param {Map<string, number>} before
 * @param {Map<string, number>} after
 */
export function threadCpuDelta(before, after) {
  let ms = 0;
  for (const [tid, now] of after) ms += now - (before.get(tid) ?? 0);
  return ms;
}

/** CPU time (user + system) of the processes so far, in ms (/proc, 100 ticks a second). */
export function cpuMs(pids) {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      /* the process has ended */
    }
  }
  return ticks * 10;
}
