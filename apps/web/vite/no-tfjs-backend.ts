// A tfjs backend the on-device engine never runs (vite/engine-bundle.ts, decision 140): Human's
// no-bundle build imports it only to re-export it, and this module exports nothing.
export {};
