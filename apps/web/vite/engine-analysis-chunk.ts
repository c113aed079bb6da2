import type { Plugin } from 'vite';

/**
 * The engine's own code in the worker (decision 146). `createBrowserSkinEngine` and the worker
 * import the analysis and the live gate dynamically as the engine starts loading, so the bundler
 * puts them (and the modules they share) in files of their own, which the worker fetches and
 * compiles while it waits for the WASM and the models; this plugin marks those files with V8's
 * compile hint (`//# allFunctionsCalledOnLoad`, Chrome 136+; other engines read a comment), so V8
 * compiles every function in them then, instead of each one on its first call during the first
 * analysis.
 *
 * Their names start with `engine.worker-`: the service worker's precache leaves them out and its
 * engine cache keeps them (vite.config.ts), as it does the worker's script, so offline scans get
 * them.
 */
export const ENGINE_ANALYSIS_CHUNK = 'assets/engine.worker-[name]-[hash].js';

/** V8's magic comment: compile every function of the file eagerly. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * For the worker's build (`worker.plugins`): puts the compile hint on the first line of every
 * chunk but the worker's entry, after minifying (which drops comments), so the files keep it.
 */
export function engineAnalysisCompileHint(): Plugin {
  return {
    name: 'lumiskin:engine-analysis-compile-hint',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((item) => item.type === 'chunk' && !item.isEntry);
      if (chunks.length === 0) this.error('the worker has no chunk for the engine analysis code');
      for (const chunk of chunks)
        if (chunk.type === 'chunk') chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
    },
  };
}
