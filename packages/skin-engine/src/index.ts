/**
 * The skin engine's public entry in Node: pixels in, measurements out, no I/O but its bundled face
 * model (docs/ARCHITECTURE.md). A browser imports `@lumiskin/skin-engine/browser` (src/browser.ts)
 * instead. Everything else in src/ is internal; lint forbids deep imports.
 */
export { createSkinEngine } from './node';
export {
  type AnalysisRejected,
  type AnalysisResult,
  type AnalyzeInput,
  type AnalyzeOutcome,
  type ImageEncoding,
  type PixelImage,
  type QualityCode,
  type RegionMeasurements,
  type SkinEngine,
  type SkinEngineOptions,
} from './engine';
export type { DetectedFace } from './face/detector';
export { mergeExternal, type ExternalScores } from './external';
export { jpegEncoding } from './image/jpeg-encoding';
export { ENGINE_METHOD_VERSION, METRIC_METHODS } from './methods';
export { overallScore } from './scoring';
export {
  analysedSize,
  assessLiveFrame,
  LIVE_ADVICE_CHECKS,
  LIVE_CHECKS,
  LIVE_LIMITS,
  type LiveCheck,
  type LiveCheckName,
  type LiveCode,
  type LiveOptions,
  type LiveReport,
  type LiveState,
} from './live';
