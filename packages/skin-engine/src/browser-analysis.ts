/**
 * What the browser's engine imports on demand as it loads (src/browser.ts, decisions 146 and 149):
 * the analysis and the live gate through one module, so a bundler puts them and the modules they
 * share in one file, fetched and compiled in one step while the worker waits for the WASM and the
 * models. Imported apart, they came as three files (the analysis, the live gate and, shared by
 * both, the quality gate), the third asked for only once the first had arrived and been read: a
 * second round trip on a worker thread busy loading Human, on the load's critical path.
 */
export { createSkinEngineWith } from './engine';
export { assessLiveFrame } from './live';
