import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Config, Human } from '@vladmandic/human';
import {
  createHumanDetector,
  humanConfig,
  type FaceDetector,
  type FaceDetectorOptions,
} from './detector';

/**
 * The detector in Node (the server's worker threads, tests, benches): Human's node-wasm build, the
 * models and the .wasm binaries read from node_modules. Nothing is fetched.
 */

const require = createRequire(import.meta.url);

/** `require.resolve` of the package main gives .../dist/human.node.js; the wasm build sits beside it. */
function resolveHumanPaths() {
  const humanDist = path.dirname(require.resolve('@vladmandic/human'));
  const wasmDist = path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm'));
  return {
    // The package's `exports` map does not expose dist/human.node-wasm.js, so it is loaded by path.
    humanWasmBuild: path.join(humanDist, 'human.node-wasm.js'),
    modelDir: path.join(humanDist, '..', 'models'),
    wasmDir: wasmDist + path.sep,
  };
}

type HumanModule = { Human: new (config?: Partial<Config>) => Human };

interface ModelArtifacts {
  modelTopology: unknown;
  weightSpecs: unknown[];
  weightData: ArrayBuffer;
  format?: string;
  generatedBy?: string;
  convertedBy?: string;
  signature?: unknown;
  userDefinedMetadata?: unknown;
  modelInitializer?: unknown;
}

interface ModelJson extends Omit<ModelArtifacts, 'weightSpecs' | 'weightData'> {
  weightsManifest: { paths: string[]; weights: unknown[] }[];
}

/** Reads a tfjs graph model (model.json + shards) from disk into tfjs's in-memory artifact shape. */
function loadModelArtifacts(file: string): ModelArtifacts {
  const json = JSON.parse(readFileSync(file, 'utf8')) as ModelJson;
  const dir = path.dirname(file);
  const weightSpecs: unknown[] = [];
  const shards: Buffer[] = [];
  for (const group of json.weightsManifest) {
    weightSpecs.push(...group.weights);
    for (const shard of group.paths) shards.push(readFileSync(path.join(dir, shard)));
  }
  const all = Buffer.concat(shards);
  const weightData = all.buffer.slice(
    all.byteOffset,
    all.byteOffset + all.byteLength,
  ) as ArrayBuffer;
  const { weightsManifest: _manifest, ...rest } = json;
  return { ...rest, weightSpecs, weightData };
}

interface TfIo {
  registerLoadRouter(
    router: (url: string | string[]) => { load(): Promise<ModelArtifacts> } | null,
  ): void;
}

let fileRouterRegistered = false;

/**
 * tfjs loads graph models through fetch(); Node's fetch cannot read file:// URLs. Instead of
 * patching the global fetch (the server uses it for other things), register a tfjs IO router
 * for file:// that reads from disk, so model loading never reaches any fetch at all.
 */
function registerFileRouter(io: TfIo): void {
  if (fileRouterRegistered) return;
  io.registerLoadRouter((url) => {
    if (typeof url !== 'string' || !url.startsWith('file://')) return null;
    const file = fileURLToPath(url);
    return { load: async () => loadModelArtifacts(file) };
  });
  fileRouterRegistered = true;
}

export async function createNodeFaceDetector(
  opts: FaceDetectorOptions = {},
): Promise<FaceDetector> {
  const paths = resolveHumanPaths();
  const { Human: HumanClass } = require(paths.humanWasmBuild) as HumanModule;
  const human = new HumanClass(
    humanConfig(
      { wasmPath: paths.wasmDir, modelBasePath: pathToFileURL(paths.modelDir).href + '/' },
      opts,
    ),
  );
  registerFileRouter((human.tf as { io: TfIo }).io);
  return createHumanDetector(human);
}
