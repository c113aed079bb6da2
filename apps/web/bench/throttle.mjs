// @ts-check
/**
 * CPU throttling for a whole Chromium renderer, its workers included. DevTools' own
 * (Emulation.setCPUThrottlingRate) slows a page's main thread only: sent to a dedicated worker it
 * answers "Operation is only supported for pages, not workers", and the skin engine runs in one.
 * So the renderer processes are paused and resumed (SIGSTOP / SIGCONT) in a duty cycle: running
 * 1/rate of every 20 ms, every thread of them is `rate` times slower. Linux only.
 */
import { execFileSync } from 'node:child_process';

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
