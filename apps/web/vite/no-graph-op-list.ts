// The op definitions of a tfjs converter op category the engine's two models never use
// (vite/engine-bundle.ts, decision 153): none. A model with such an op would be read as a custom op
// that is not registered, and fail by name when it runs.
export const json: never[] = [];
