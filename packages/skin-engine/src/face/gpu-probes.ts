/**
 * Runs `load` with the GPU probes of Human's backend check answered "none" (decision 138). Once
 * the WASM backend is set, Human's `env.updateBackend()` opens a WebGL 2 context on an
 * OffscreenCanvas (and reads four of its parameters) and asks WebGPU for an adapter, only to
 * report them in `human.env`: the engine runs on WASM and reads neither, and on a phone a GPU
 * context and an adapter request are a round trip to the GPU process each. During the load a
 * WebGL context asked of an OffscreenCanvas is null and `navigator.gpu` undefined, then both are
 * as they were (a 2D context, the photo decode's, is never affected).
 */
export async function withoutGpuProbes<T>(load: () => Promise<T>): Promise<T> {
  // The engine's types are not the DOM's: the two globals as much of them as is used.
  type GetContext = (this: unknown, type: string, ...rest: unknown[]) => unknown;
  const scope = globalThis as unknown as {
    OffscreenCanvas?: { prototype: { getContext: GetContext } };
    navigator?: object;
  };
  const canvas = scope.OffscreenCanvas?.prototype ?? null;
  const getContext = canvas?.getContext ?? null;
  if (canvas && getContext)
    canvas.getContext = function (this: unknown, type: string, ...rest: unknown[]) {
      return type === 'webgl2' || type === 'webgl' ? null : getContext.call(this, type, ...rest);
    };
  const nav = scope.navigator ?? null;
  const shadowGpu = nav !== null && 'gpu' in nav && !Object.hasOwn(nav, 'gpu');
  if (nav && shadowGpu) Object.defineProperty(nav, 'gpu', { value: undefined, configurable: true });
  try {
    return await load();
  } finally {
    if (canvas && getContext) canvas.getContext = getContext;
    if (nav && shadowGpu) delete (nav as { gpu?: unknown }).gpu;
  }
}
