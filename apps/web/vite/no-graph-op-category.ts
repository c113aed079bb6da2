// An op category of tfjs' graph-model converter that the engine's two models (BlazeFace and the
// face mesh) never use (vite/engine-bundle.ts, decision 153): the converter's executor for it, and
// the tfjs ops only that executor names, are left out of the worker. Never called for those models;
// a model with such an op would fail here, by name, instead of computing something else.
export function executeOp(node: { op: string; category: string }): never {
  throw new Error(
    `the engine's bundle has no tfjs executor for ${node.category} ops (${node.op}): decision 153`,
  );
}
