import type {
  AnalyzeInput,
  ImageEncoding,
  AnalyzeOutcome,
  DetectedFace,
  LiveOptions,
  LiveReport,
  PixelImage,
} from '@lumiskin/skin-engine';

/**
 * The skin engine as the scan screen sees it when it runs on this device (issue 32): the same
 * engine as the server's, in a Web Worker. Live guidance asks it for faces on camera frames; an
 * on-device scan asks it for the whole analysis. The photo never leaves the device.
 */
export interface DeviceEngine {
  /** How long the worker took to load, and the warm-up's part of it (null: none), in ms. */
  loaded: { loadMs: number; warmUpMs: number | null };
  /** The whole analysis of one photo's pixels (the server's pipeline: upright, long side ≤ 1600 px, sRGB RGB). */
  analyse(input: AnalyzeInput): Promise<AnalyzeOutcome>;
  /** Faces on one camera frame (RGB or RGBA pixels), in the frame's own pixels. */
  detect(frame: PixelImage): Promise<DetectedFace[]>;
  /**
   * The live gate on one camera frame (decision 097): faces found and judged in the worker, with
   * the server gate's limits. The frame's pixels are transferred.
   */
  assess(frame: PixelImage, options: LiveOptions): Promise<LiveReport>;
  /** Ends the worker. */
  dispose(): void;
}

/** Decodes a photo the way the server does before its engine sees it (apps/server analysis/image.ts). */
export type DecodePhoto = (photo: Blob) => Promise<DecodedPhoto>;

/** A decoded photo, and how its JPEG file stored its colour (decision 171) when it was one. */
export type DecodedPhoto = PixelImage & { encoding?: ImageEncoding };
