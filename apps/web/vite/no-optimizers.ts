// tfjs-core's start registers its seven training optimizers (Adam, SGD, …) for deserialising saved
// training state (`optimizers/register_optimizers.js`, called by its `dist/index.js`). The engine
// only runs inference: nothing registers them in its worker, so their classes are not bundled
// (vite/engine-bundle.ts, decision 153).
export function registerOptimizers(): void {}
