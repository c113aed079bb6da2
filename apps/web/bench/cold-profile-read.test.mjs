// @ts-check
import { describe, expect, it } from 'vitest';
import { bundleModules, profileKinds, traceSelfTimes } from './cold-profile-read.mjs';

/** A trace of one renderer: the worker thread (tid 2) and a V8 helper (tid 3), two steps. */
function trace() {
  const mark = (name, ts) => ({ cat: 'blink.user_timing', name, ph: 'R', pid: 1, tid: 1, ts });
  const x = (tid, name, ts, dur) => ({ cat: 'v8', name, ph: 'X', pid: 1, tid, ts, dur });
  return [
    { ph: 'M', name: 'thread_name', pid: 1, tid: 2, args: { name: 'DedicatedWorker thread' } },
    { ph: 'M', name: 'thread_name', pid: 1, tid: 3, args: { name: 'ThreadPoolForegroundWorker' } },
    { ph: 'M', name: 'thread_name', pid: 9, tid: 2, args: { name: 'DedicatedWorker thread' } },
    mark('bench:load:start', 0),
    mark('bench:load:end', 10_000),
    mark('bench:a1:start', 20_000),
    mark('bench:a1:end', 40_000),
    // load: a 6 ms task holding a 2 ms compile, itself holding a 1 ms parse
    x(2, 'RunTask', 1_000, 6_000),
    x(2, 'V8.CompileCode', 2_000, 2_000),
    { cat: 'v8', name: 'V8.ParseFunction', ph: 'B', pid: 1, tid: 2, ts: 2_500 },
    { cat: 'v8', name: 'V8.ParseFunction', ph: 'E', pid: 1, tid: 2, ts: 3_500 },
    // a1: a 10 ms task with a 3 ms GC; a helper's background compile
    x(2, 'RunTask', 21_000, 10_000),
    x(2, 'MinorGC', 25_000, 3_000),
    x(3, 'V8.OptimizeBackground', 22_000, 4_000),
    // between the steps, and another process's worker: not counted
    x(2, 'RunTask', 12_000, 5_000),
    x(2, 'RunTask', 0, 0),
  ].concat([{ cat: 'v8', name: 'RunTask', ph: 'X', pid: 9, tid: 2, ts: 21_000, dur: 9_000 }]);
}

describe('traceSelfTimes', () => {
  it("gives each event's self time to the step it starts in, per thread", () => {
    const out = traceSelfTimes(trace(), ['load', 'a1']);
    expect(out.walls).toEqual([10, 20]);
    expect(out.worker).toEqual({
      RunTask: [4, 7], // 6 − 2 in the load (the empty task at 0 adds nothing), 10 − 3 in a1
      'V8.CompileCode': [1, 0],
      'V8.ParseFunction': [1, 0],
      MinorGC: [0, 3],
    });
    expect(out.other).toEqual({ 'ThreadPoolForegroundWorker: V8.OptimizeBackground': [0, 4] });
  });
});

describe('profileKinds', () => {
  it('puts each sample under its kind and, for JavaScript, the module its line falls in', () => {
    const modules = bundleModules(
      [
        'var runtime;',
        '// ../../node_modules/@tensorflow/tfjs-core/dist/engine.js',
        'function runKernel() {}',
        '// ../../packages/skin-engine/src/image/stats.ts',
        'function maskedQuantiles() {}',
      ].join('\n'),
    );
    expect(modules).toEqual([
      [1, '@tensorflow/tfjs-core'],
      [3, 'the engine'],
    ]);
    const frame = (functionName, lineNumber, url = 'http://x/engine.worker.js') => ({
      functionName,
      url,
      lineNumber,
    });
    const profile = {
      nodes: [
        { id: 1, callFrame: frame('(root)', 0, '') },
        { id: 2, callFrame: frame('runKernel', 2) },
        { id: 3, callFrame: frame('maskedQuantiles', 4) },
        { id: 4, callFrame: frame('(garbage collector)', 0, '') },
        { id: 5, callFrame: frame('$conv2d', 0, 'wasm://wasm/abc') },
        { id: 6, callFrame: frame('(idle)', 0, '') },
      ],
      samples: [2, 3, 3, 4, 5, 6],
      timeDeltas: [0, 1000, 2000, 1000, 1000, 1000],
    };
    const { kinds, functions } = profileKinds(profile, modules);
    // A sample lasts until the next one; the last takes the gap before it.
    expect(kinds).toEqual({ 'js: @tensorflow/tfjs-core': 1, 'js: the engine': 3, gc: 1, wasm: 1 });
    expect(functions['maskedQuantiles js: the engine']).toBe(3);
  });
});
