import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Alias } from 'vite';

/**
 * What the on-device engine's worker bundles (decision 140): Human's no-bundle ESM build and the
 * TensorFlow.js packages it imports from node_modules — the very files the server's Node build of
 * Human runs (4.22.0, pinned in packages/skin-engine) — instead of Human's browser bundle, which
 * carries its own copy of tfjs with every backend (WebGL, WebGPU, CPU, WASM: 1.7 MB of script for
 * the worker to fetch, parse and compile). The engine runs on the WASM backend alone (its
 * `humanConfig`), so the backends it never selects are aliased to an empty module.
 */

/** This directory (a path, not `new URL(…, import.meta.url)`, which Vite's test runner rewrites). */
const here = path.dirname(fileURLToPath(import.meta.url));

/** Resolved from the engine package, whose dependencies Human and tfjs are. */
const fromEngine = createRequire(path.resolve(here, '../../../packages/skin-engine/package.json'));

/**
 * tfjs backends Human's no-bundle build imports (and re-exports as `human.tf`) that the engine
 * never runs: Human only reaches them for its own 'webgl' / 'humangl' / 'webgpu' backends.
 * WebGL and WebGPU are not even installed; the CPU backend is (the WASM backend shares a few of its
 * kernels' code through `@tensorflow/tfjs-backend-cpu/dist/shared`, which stays).
 */
export const UNUSED_TFJS_BACKENDS = [
  '@tensorflow/tfjs-backend-webgl/dist/index.js',
  '@tensorflow/tfjs-backend-webgpu/dist/index.js',
  '@tensorflow/tfjs-backend-cpu/dist/index.js',
] as const;

/** The module the unused backends resolve to: it exports nothing, so there is nothing to call. */
export const NO_BACKEND = path.join(here, 'no-tfjs-backend.ts');

/**
 * The WASM backend's threaded build (its Emscripten loader and the source of its pthread worker,
 * imported by the backend as `../wasm-out/tfjs-backend-wasm-threaded-simd[.worker].js`): used only
 * on a cross-origin-isolated page, which ours is not, and the engine turns it off before its load
 * (src/browser.ts). Resolved to a module whose loader throws.
 */
export const THREADED_WASM = /^.*\/tfjs-backend-wasm-threaded-simd(\.worker)?\.js$/;
export const NO_THREADED_WASM = path.join(here, 'no-threaded-wasm.ts');

/** Human's no-bundle ESM build (its package `exports` name only the bundled one for browsers). */
export function humanNoBundle(): string {
  // The `require` condition names dist/human.node.js; the no-bundle build sits beside it.
  return path.join(path.dirname(fromEngine.resolve('@vladmandic/human')), 'human.esm-nobundle.js');
}

/**
 * Vite aliases: `@vladmandic/human` to its no-bundle build, the unused backends to nothing, the
 * threaded WASM loader to one that throws.
 */
export function engineBundleAliases(): Alias[] {
  return [
    { find: /^@vladmandic\/human$/, replacement: humanNoBundle() },
    ...UNUSED_TFJS_BACKENDS.map((id) => ({ find: id, replacement: NO_BACKEND })),
    { find: THREADED_WASM, replacement: NO_THREADED_WASM },
  ];
}
