// The kernels tfjs' WASM backend registers in the engine's worker (vite/engine-bundle.ts,
// decision 153), in place of its `register_all_kernels.js` (all 157 of its kernels, each imported
// and set up as the backend starts). A kernel runs only when a tfjs-core op asks for it by name
// (`ENGINE.runKernel(<name>, …)`); these are the WASM backend's kernels for every name the ops left
// in the worker ask for (the ops Human, the converter's executors for the models and the engine can
// call). `engine-bundle.test.ts` derives that set from the bundle's tfjs-core modules and fails if
// one of them is missing here. tfjs' own comment on that file: "A modular build would replace the
// contents of this file and import only the kernels that are needed."
import { type KernelConfig, registerKernel } from '@tensorflow/tfjs-core';
import { _fusedMatMulConfig } from '@tensorflow/tfjs-backend-wasm/dist/kernels/_FusedMatMul.js';
import { addConfig } from '@tensorflow/tfjs-backend-wasm/dist/kernels/Add.js';
import { addNConfig } from '@tensorflow/tfjs-backend-wasm/dist/kernels/AddN.js';
import { argMaxConfig } from '@tensorflow/tfjs-backend-wasm/dist/kernels/ArgMax.js';
import { batchMatMulConfig } from '@tensorflow/tfjs-backend-wasm/dist/kernels/BatchMatMul.js';
import { bincountConfig } from '@tensorflow/tfjs-backend-wasm/dist/kernels/Bincount.js';
import { castConfig } from '@tensorflow/tfjs-backend-wasm/dist/kernels/Cast.js';
import { concatConfig } from '@tensorflow/tfjs-backend-wasm/dist/kernels/Concat.js';
import { conv2DConfig } from '@tensorflow/tfjs-backend-wasm/dist/kernels/Conv2D.js';
import { conv2DBackpropInputConfig } from '@tensorflow/tfjs-backend-wasm/dist/kernels/Conv2DBackpropInput.js';
import { cropAndResizeConfig } from '@tensorflow/tfjs-backend-wasm/dist/kernels/CropAndResize.js';
import { depthwiseConv2dNativeConfig } from '@tensorflow/tfjs-backend-wasm/dist/kernels/DepthwiseConv2dNative.js';
import { eluConfig } from '@tensorflow/tfjs-backend-wasm/dist/kernels/Elu.js';
import { expandDimsConfig } from '@tensorflow/tfjs-backend-wasm/dist/kernels/ExpandDims.js';
import { fillConfig } from '@tensorflow/tfjs-backend-wasm/dist/kernels/Fill.js';
import { flipLeftRightConfig } from '@tensorflow/tfjs-backend-wasm/dist/kernels/FlipLeftRight.js';
import { floorDivConfig } from '@tensorflow/tfjs-backend-wasm/dist/kernels/FloorDiv.js';
import { fusedConv2DConfig } from '@tensorflow/tfjs-backend-wasm/dist/kernels/FusedConv2D.js';
import { fusedDepthwiseConv2DConfig } from '@tensorflow/tfjs-backend-wasm/dist/kernels/FusedDepthwiseConv2D.js';
import { greaterConfig } from '@tensorflow/tfjs-backend-wasm/dist/kernels/Greater.js';
import { identityConfig } from '@tensorflow/tfjs-backend-wasm/dist/kernels/Identity.js';
import { leakyReluConfig } from '@tensorflow/tfjs-backend-wasm/dist/kernels/LeakyRelu.js';
import { lessEqualConfig } from '@tensorflow/tfjs-backend-wasm/dist/kernels/LessEqual.js';
import { maxConfig } from '@tensorflow/tfjs-backend-wasm/dist/kernels/Max.js';
import { maxPoolConfig } from '@tensorflow/tfjs-backend-wasm/dist/kernels/MaxPool.js';
import { minConfig } from '@tensorflow/tfjs-backend-wasm/dist/kernels/Min.js';
import { modConfig } from '@tensorflow/tfjs-backend-wasm/dist/kernels/Mod.js';
import { multiplyConfig } from '@tensorflow/tfjs-backend-wasm/dist/kernels/Multiply.js';
import { negConfig } from '@tensorflow/tfjs-backend-wasm/dist/kernels/Neg.js';
import { nonMaxSuppressionV3Config } from '@tensorflow/tfjs-backend-wasm/dist/kernels/NonMaxSuppressionV3.js';
import { nonMaxSuppressionV4Config } from '@tensorflow/tfjs-backend-wasm/dist/kernels/NonMaxSuppressionV4.js';
import { nonMaxSuppressionV5Config } from '@tensorflow/tfjs-backend-wasm/dist/kernels/NonMaxSuppressionV5.js';
import { packConfig } from '@tensorflow/tfjs-backend-wasm/dist/kernels/Pack.js';
import { padV2Config } from '@tensorflow/tfjs-backend-wasm/dist/kernels/PadV2.js';
import { preluConfig } from '@tensorflow/tfjs-backend-wasm/dist/kernels/Prelu.js';
import { rangeConfig } from '@tensorflow/tfjs-backend-wasm/dist/kernels/Range.js';
import { realDivConfig } from '@tensorflow/tfjs-backend-wasm/dist/kernels/RealDiv.js';
import { reluConfig } from '@tensorflow/tfjs-backend-wasm/dist/kernels/Relu.js';
import { relu6Config } from '@tensorflow/tfjs-backend-wasm/dist/kernels/Relu6.js';
import { reshapeConfig } from '@tensorflow/tfjs-backend-wasm/dist/kernels/Reshape.js';
import { resizeBilinearConfig } from '@tensorflow/tfjs-backend-wasm/dist/kernels/ResizeBilinear.js';
import { resizeNearestNeighborConfig } from '@tensorflow/tfjs-backend-wasm/dist/kernels/ResizeNearestNeighbor.js';
import { rotateWithOffsetConfig } from '@tensorflow/tfjs-backend-wasm/dist/kernels/RotateWithOffset.js';
import { roundConfig } from '@tensorflow/tfjs-backend-wasm/dist/kernels/Round.js';
import { selectConfig } from '@tensorflow/tfjs-backend-wasm/dist/kernels/Select.js';
import { sigmoidConfig } from '@tensorflow/tfjs-backend-wasm/dist/kernels/Sigmoid.js';
import { sliceConfig } from '@tensorflow/tfjs-backend-wasm/dist/kernels/Slice.js';
import { softmaxConfig } from '@tensorflow/tfjs-backend-wasm/dist/kernels/Softmax.js';
import { splitVConfig } from '@tensorflow/tfjs-backend-wasm/dist/kernels/SplitV.js';
import { stepConfig } from '@tensorflow/tfjs-backend-wasm/dist/kernels/Step.js';
import { subConfig } from '@tensorflow/tfjs-backend-wasm/dist/kernels/Sub.js';
import { sumConfig } from '@tensorflow/tfjs-backend-wasm/dist/kernels/Sum.js';
import { tileConfig } from '@tensorflow/tfjs-backend-wasm/dist/kernels/Tile.js';
import { transformConfig } from '@tensorflow/tfjs-backend-wasm/dist/kernels/Transform.js';
import { transposeConfig } from '@tensorflow/tfjs-backend-wasm/dist/kernels/Transpose.js';
import { unpackConfig } from '@tensorflow/tfjs-backend-wasm/dist/kernels/Unpack.js';

export const ENGINE_WASM_KERNELS: readonly KernelConfig[] = [
  _fusedMatMulConfig,
  addConfig,
  addNConfig,
  argMaxConfig,
  batchMatMulConfig,
  bincountConfig,
  castConfig,
  concatConfig,
  conv2DConfig,
  conv2DBackpropInputConfig,
  cropAndResizeConfig,
  depthwiseConv2dNativeConfig,
  eluConfig,
  expandDimsConfig,
  fillConfig,
  flipLeftRightConfig,
  floorDivConfig,
  fusedConv2DConfig,
  fusedDepthwiseConv2DConfig,
  greaterConfig,
  identityConfig,
  leakyReluConfig,
  lessEqualConfig,
  maxConfig,
  maxPoolConfig,
  minConfig,
  modConfig,
  multiplyConfig,
  negConfig,
  nonMaxSuppressionV3Config,
  nonMaxSuppressionV4Config,
  nonMaxSuppressionV5Config,
  packConfig,
  padV2Config,
  preluConfig,
  rangeConfig,
  realDivConfig,
  reluConfig,
  relu6Config,
  reshapeConfig,
  resizeBilinearConfig,
  resizeNearestNeighborConfig,
  rotateWithOffsetConfig,
  roundConfig,
  selectConfig,
  sigmoidConfig,
  sliceConfig,
  softmaxConfig,
  splitVConfig,
  stepConfig,
  subConfig,
  sumConfig,
  tileConfig,
  transformConfig,
  transposeConfig,
  unpackConfig,
];

for (const config of ENGINE_WASM_KERNELS) registerKernel(config);
