import type { Config, FaceResult, Human } from '@vladmandic/human';
import { detectorInput, type PixelImage } from '../image/raster';

/**
 * Face detection (BlazeFace) + 468-point mesh (MediaPipe FaceMesh; the iris refinement is off) through
 * @vladmandic/human on the TensorFlow.js WASM backend. This module is the same on every platform:
 * the platform part — which Human build, where the models and the .wasm binaries come from — is
 * the caller's (face/node-human.ts reads them from node_modules; src/browser.ts fetches them from
 * the app's own origin).
 */

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

/**
 * 'photo' (the default): every image from scratch, as every analysis is. 'video': consecutive
 * camera frames for live guidance — Human may keep the face boxes of the last frame and run only
 * the mesh on the next few (decision 097). A 'photo' call after 'video' ones is from scratch again.
 */
export type DetectMode = 'photo' | 'video';

export interface FaceDetector {
  detect(image: PixelImage, mode?: DetectMode): Promise<DetectedFace[]>;
  readonly backend: string;
  /** The models Human loaded (decision 113: the face detector and the mesh, nothing else). */
  readonly models: readonly string[];
}

/** BlazeFace works at 256 px and the mesh at 192 px per face: a 512+ px long side is plenty. */
const DETECTION_MIN_SIDE = 512;
/**
 * Live camera frames (video mode) are read at 256-511 px on the long side (a 640 × 360 frame at
 * 320, decision 133): the detector still gets more than its 256 px, and a face that fills the oval
 * still gives the mesh a crop of about its 192 px, while the input's copy, tensor and Human's
 * frame-to-frame comparison cost a quarter of the 640 px square's.
 */
const LIVE_DETECTION_MIN_SIDE = 256;

/** The whole factor the detector's input is shrunk by (photos: 512-1023 px long side; live: 256-511). */
export function detectionFactor(
  image: { width: number; height: number },
  mode: DetectMode = 'photo',
): number {
  const minSide = mode === 'video' ? LIVE_DETECTION_MIN_SIDE : DETECTION_MIN_SIDE;
  return Math.max(1, Math.floor(Math.max(image.width, image.height) / minSide));
}

export interface FaceDetectorOptions {
  /** Up to this many faces are reported (enough to tell "more than one face"). */
  maxFaces?: number;
}

/** Human's configuration, the same on every platform: only the two locations differ. */
export function humanConfig(
  where: { wasmPath: string; modelBasePath: string },
  opts: FaceDetectorOptions = {},
): Partial<Config> {
  return {
    backend: 'wasm',
    wasmPath: where.wasmPath,
    modelBasePath: where.modelBasePath,
    debug: false,
    async: false,
    warmup: 'none',
    cacheModels: false,
    cacheSensitivity: 0, // no frame-to-frame caching: each photo is analysed from scratch
    deallocate: true,
    // Face detector and mesh only: Human loads blazeface.json/.bin and facemesh.json/.bin (the
    // browser's copies are listed in apps/web/vite/engine-assets.ts).
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
}

/**
 * Per-call settings, merged into Human's configuration on every call (Human keeps what it was
 * last given, so each call states its own). In video mode the face boxes may be kept for up to 5
 * frames or 400 ms while the frame changes little, and the mesh follows the face on each frame.
 */
const PHOTO_SETTINGS: Partial<Config> = { cacheSensitivity: 0 };
const VIDEO_SETTINGS: Partial<Config> = {
  cacheSensitivity: 0.7,
  face: { detector: { skipFrames: 5, skipTime: 400 } } as Config['face'],
};

/** A detector on a Human instance made with `humanConfig`: loads its models, warms its kernels. */
export async function createHumanDetector(human: Human): Promise<FaceDetector> {
  await human.load();
  await human.tf.ready();

  // The input frame (4.9 MB for a 1280×720 photo) is reused while photos keep their size: tfjs
  // copies it into the WASM heap as the tensor is made, before any await (decision 044). One per
  // mode, so live frames between two photos do not make either reallocate.
  const inputBuffers: Record<DetectMode, Float32Array> = {
    photo: new Float32Array(0),
    video: new Float32Array(0),
  };

  async function detect(image: PixelImage, mode: DetectMode = 'photo'): Promise<DetectedFace[]> {
    // Shrink by a whole factor so the detector sees 512-1023 px on the long side (live: 256-511).
    const k = detectionFactor(image, mode);
    const sx = k;
    const sy = k;
    // Non-square frames (16:9) come back with a vertically stretched mesh, so the frame is padded
    // to a square on the right/bottom (coordinates unchanged). Human's own `square` option shifts
    // the mesh instead, so it stays off.
    const { data: input, side } = detectorInput(image, k, (length) =>
      inputBuffers[mode].length === length
        ? inputBuffers[mode]
        : (inputBuffers[mode] = new Float32Array(length)),
    );
    const tensor = human.tf.tensor3d(input, [side, side, 3], 'float32');
    let faces: FaceResult[];
    try {
      const result = await human.detect(tensor, mode === 'video' ? VIDEO_SETTINGS : PHOTO_SETTINGS);
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
  return { detect, backend: String(human.tf.getBackend()), models: human.models.loaded() };
}
