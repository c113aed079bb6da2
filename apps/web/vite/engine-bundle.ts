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

/**
 * Human's import of all of tfjs-core (which it copies onto `human.tf` whole, keeping every op in the
 * bundle) resolved to the names Human and the engine read from it (decision 153). Only Human's
 * no-bundle build imports tfjs-core by this path; the converter and the WASM backend import
 * `@tensorflow/tfjs-core`, the same module, by name.
 */
export const HUMAN_TFJS_CORE = '@tensorflow/tfjs-core/dist/index.js';
export const TFJS_CORE_FOR_HUMAN = path.join(here, 'tfjs-core-for-human.ts');

/**
 * The op categories of tfjs' graph-model converter that the engine's models never use: BlazeFace
 * and the face mesh (blazeface.json, facemesh.json) are made of `graph` (Const, Placeholder,
 * Identity), `convolution` (_FusedConv2D, DepthwiseConv2dNative, MaxPool), `arithmetic` (AddV2),
 * `basic_math` (Relu, Prelu, Sigmoid) and `transformation` (Pad, Reshape) ops. The converter
 * imports one executor per category (`operations/operation_executor.js`); the others resolve to
 * one that throws, so the tfjs ops only they name are not bundled (decision 153).
 */
export const UNUSED_OP_CATEGORIES = [
  'control',
  'creation',
  'dynamic',
  'evaluation',
  'hash_table',
  'image',
  'logical',
  'matrices',
  'normalization',
  'ragged',
  'reduction',
  'slice_join',
  'sparse',
  'spectral',
  'string',
] as const;
export const UNUSED_OP_EXECUTORS = new RegExp(
  `^\\./executors/(${UNUSED_OP_CATEGORIES.join('|')})_executor(\\.js)?$`,
);
export const NO_OP_EXECUTOR = path.join(here, 'no-graph-op-category.ts');
/** Their op definitions (`operations/op_list/<category>.js`, read by the converter's mapper). */
export const UNUSED_OP_LISTS = new RegExp(
  `^\\./op_list/(${UNUSED_OP_CATEGORIES.join('|')})(\\.js)?$`,
);
export const NO_OP_LIST = path.join(here, 'no-graph-op-list.ts');

/**
 * The converter's executors' import of all of tfjs-core's ops (a namespace each passes around as a
 * value, so none of it can be left out) resolved to the ops they call for the models' op types
 * (decision 153).
 */
export const CONVERTER_OPS = '@tensorflow/tfjs-core/dist/ops/ops_for_converter';
export const OPS_FOR_THE_MODELS = path.join(here, 'tfjs-ops-for-the-models.ts');

/**
 * tfjs-core's registration of its training optimizers (imported by its `dist/index.js` only, as
 * `./optimizers/register_optimizers`): the engine never trains, so it registers none (decision 153).
 */
export const OPTIMIZER_REGISTRATION = /^\.\/optimizers\/register_optimizers(\.js)?$/;
export const NO_OPTIMIZERS = path.join(here, 'no-optimizers.ts');

/**
 * The WASM backend's registration of all its kernels (`./register_all_kernels`, imported by its
 * `dist/index.js`), resolved to one of the kernels the ops left in the worker can ask for
 * (decision 153).
 */
export const WASM_KERNEL_REGISTRATION = /^\.\/register_all_kernels(\.js)?$/;
export const WASM_KERNELS_THE_ENGINE_RUNS = path.join(here, 'wasm-kernels-the-engine-runs.ts');

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
    { find: HUMAN_TFJS_CORE, replacement: TFJS_CORE_FOR_HUMAN },
    { find: UNUSED_OP_EXECUTORS, replacement: NO_OP_EXECUTOR },
    { find: UNUSED_OP_LISTS, replacement: NO_OP_LIST },
    { find: CONVERTER_OPS, replacement: OPS_FOR_THE_MODELS },
    { find: OPTIMIZER_REGISTRATION, replacement: NO_OPTIMIZERS },
    { find: WASM_KERNEL_REGISTRATION, replacement: WASM_KERNELS_THE_ENGINE_RUNS },
  ];
}
