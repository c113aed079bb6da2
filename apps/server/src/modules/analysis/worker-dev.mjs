// Development/test entry of the analysis worker: loads worker.ts through tsx (Node 20 does not
// apply `--import tsx` hooks inside worker threads). The production bundle uses analysis-worker.js.
import { tsImport } from 'tsx/esm/api';

const { default: analyze } = await tsImport('./worker.ts', import.meta.url);
export default analyze;
