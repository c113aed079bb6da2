import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Config, FaceResult, Human } from '@vladmandic/human';
import { detectorInput, type PixelImage } from '../image/raster';

/**
 * Face detection (BlazeFace) + 468-point mesh (MediaPipe FaceMesh; the iris refinement is off) through
 * @vladmandic/human on the TensorFlow.js WASM backend. Everything is read from node_modules:
 * the models, the .wasm binaries. Nothing is fetched.
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

export interface DetectedFace {
  /** Detector box [x, y, width, height] in the analysed image's pixels. */
  box: [number, number, number, number];
  /** 468 mesh points [x, y] in the analysed image's pixels. */
  mesh: Array<[number, number]>;
  /** Detector × mesh confidence, 0..1. */
  score: number;
  /** Head rotation in degrees, from the mesh geometry. */
  yaw: number;
  pitch: number;
  roll: number;
}

export interface FaceDetector {
  detect(image: PixelImage): Promise<DetectedFace[]>;
  readonly backend: string;
}

/** BlazeFace works at 256 px and the mesh at 192 px per face: a 512+ px long side is plenty. */
const DETECTION_MIN_SIDE = 512;

export interface FaceDetectorOptions {
  /** Up to this many faces are reported (enough to tell "more than one face"). */
  maxFaces?: number;
}

export async function createFaceDetector(opts: FaceDetectorOptions = {}): Promise<FaceDetector> {
  const paths = resolveHumanPaths();
  const { Human: HumanClass } = require(paths.humanWasmBuild) as HumanModule;
  const config: Partial<Config> = {
    backend: 'wasm',
    wasmPath: paths.wasmDir,
    modelBasePath: pathToFileURL(paths.modelDir).href + '/',
    debug: false,
    async: false,
    warmup: 'none',
    cacheModels: false,
    cacheSensitivity: 0, // no frame-to-frame caching: each photo is analysed from scratch
    deallocate: true,
    face: {
      enabled: true,
      detector: {
        enabled: true,
        rotation: false,
        maxDetected: opts.maxFaces ?? 4,
        minConfidence: 0.5,
        iouThreshold: 0.3,
        return: false,
      },
      mesh: { enabled: true },
      iris: { enabled: false }, // the 10 iris points add nothing to skin zones
      attention: { enabled: false },
      description: { enabled: false },
      emotion: { enabled: false },
      antispoof: { enabled: false },
      liveness: { enabled: false },
      gear: { enabled: false },
    },
    body: { enabled: false },
    hand: { enabled: false },
    object: { enabled: false },
    gesture: { enabled: false },
    segmentation: { enabled: false },
    filter: { enabled: false },
  };
  const human = new HumanClass(config);
  registerFileRouter((human.tf as { io: TfIo }).io);
  await human.load();
  await human.tf.ready();

  // The input frame (4.9 MB for a 1280×720 photo) is reused while photos keep their size: tfjs
  // copies it into the WASM heap as the tensor is made, before any await (decision 044).
  let inputBuffer = new Float32Array(0);
  const inputOf = (length: number) =>
    inputBuffer.length === length ? inputBuffer : (inputBuffer = new Float32Array(length));

  async function detect(image: PixelImage): Promise<DetectedFace[]> {
    // Shrink by a whole factor so the detector sees 512-1023 px on the long side.
    const k = Math.max(1, Math.floor(Math.max(image.width, image.height) / DETECTION_MIN_SIDE));
    const sx = k;
    const sy = k;
    // Non-square frames (16:9) come back with a vertically stretched mesh, so the frame is padded
    // to a square on the right/bottom (coordinates unchanged). Human's own `square` option shifts
    // the mesh instead, so it stays off.
    const { data: input, side } = detectorInput(image, k, inputOf);
    const tensor = human.tf.tensor3d(input, [side, side, 3], 'float32');
    let faces: FaceResult[];
    try {
      const result = await human.detect(tensor);
      faces = result.face;
    } finally {
      tensor.dispose();
    }
    const deg = 180 / Math.PI;
    return faces
      .filter((f) => f.mesh.length >= 468)
      .map((f) => ({
        box: [f.box[0] * sx, f.box[1] * sy, f.box[2] * sx, f.box[3] * sy] as [
          number,
          number,
          number,
          number,
        ],
        mesh: f.mesh.map((p) => [(p[0] ?? 0) * sx, (p[1] ?? 0) * sy] as [number, number]),
        score: f.score,
        yaw: (f.rotation?.angle.yaw ?? 0) * deg,
        pitch: (f.rotation?.angle.pitch ?? 0) * deg,
        roll: (f.rotation?.angle.roll ?? 0) * deg,
      }));
  }

  // One tiny inference compiles the kernels, so the first real photo is not the slow one.
  await detect({ data: new Uint8Array(64 * 64 * 3).fill(128), width: 64, height: 64, channels: 3 });
  return { detect, backend: String(human.tf.getBackend()) };
}
