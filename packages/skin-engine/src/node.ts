import { createSkinEngineWith, type SkinEngine, type SkinEngineOptions } from './engine';
import { createNodeFaceDetector } from './face/node-human';

/** The engine in Node: Human's node-wasm build, its models and .wasm read from node_modules. */
export async function createSkinEngine(opts: SkinEngineOptions = {}): Promise<SkinEngine> {
  const detector = await createNodeFaceDetector({ maxFaces: opts.maxFaces ?? 4 });
  return createSkinEngineWith(detector, opts);
}
