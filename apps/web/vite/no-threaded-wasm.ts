// The threaded SIMD build of tfjs' WASM backend (its Emscripten loader and its pthread worker's
// source), which the backend picks only on a cross-origin-isolated page — ours is not, and the
// engine sets WASM_HAS_MULTITHREAD_SUPPORT to false before its load (decision 140). Never called.
export default function noThreadedWasm(): never {
  throw new Error('the threaded WASM build of tfjs is not bundled (decision 140)');
}
export const wasmWorkerContents = '';
