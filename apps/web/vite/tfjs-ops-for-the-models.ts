// The tfjs ops the graph-model converter's executors may call in the engine's worker
// (vite/engine-bundle.ts, decision 153). Each executor imports all of tfjs-core's ops as one
// namespace (`@tensorflow/tfjs-core/dist/ops/ops_for_converter`) and takes it as a default argument,
// so a bundler keeps every op whether a model runs it or not. The converter's import is resolved
// here instead: the ops the executors call for the op types of BlazeFace and the face mesh
// (AddV2 → add, DepthwiseConv2dNative → depthwiseConv2d, _FusedConv2D → fused.conv2d, MaxPool →
// maxPool, Pad → pad, Prelu → prelu, Relu → relu, Reshape → reshape, Sigmoid → sigmoid; Const,
// Placeholder and Identity call none). `engine-bundle.test.ts` derives this list from the models
// and the executors' code.
export {
  add,
  depthwiseConv2d,
  fused,
  maxPool,
  pad,
  prelu,
  relu,
  reshape,
  sigmoid,
} from '@tensorflow/tfjs-core';
