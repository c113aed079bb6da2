import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Rollup } from 'vite';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  COMPILE_HINT,
  ENGINE_ANALYSIS_CHUNK,
  engineAnalysisCompileHint,
} from './engine-analysis-chunk';
import { engineBundleAliases } from './engine-bundle';

/**
 * The engine's worker as the app's build makes it (decision 146): minified, with the worker's
 * chunk names and the compile-hint plugin of vite.config.ts. The analysis code and the live gate
 * are imported dynamically, so they come in files of their own, each starting with V8's compile
 * hint; the worker's entry keeps neither.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const workerEntry = path.resolve(here, '../src/features/scan/engine/engine.worker.ts');

/** The engine's method set, a string only the analysis code carries (read from its source). */
const ENGINE_METHOD_VERSION =
  /ENGINE_METHOD_VERSION = '([^']+)'/.exec(
    fs.readFileSync(path.resolve(here, '../../../packages/skin-engine/src/methods.ts'), 'utf8'),
  )?.[1] ?? 'missing';

/** The service worker's rules for the engine's files (vite.config.ts): kept by the engine cache, not precached. */
const ENGINE_CACHE_PATH = /^\/assets\/(device-engine|engine\.worker)-[^/]+\.js$/;
const PRECACHE_IGNORED = /^assets\/engine\.worker-.*\.js$/;

async function bundleWorker(): Promise<Rollup.OutputChunk[]> {
  const result = await build({
    configFile: false,
    logLevel: 'silent',
    resolve: { alias: engineBundleAliases() },
    plugins: [engineAnalysisCompileHint()],
    build: {
      write: false,
      copyPublicDir: false,
      rolldownOptions: {
        input: { 'engine.worker': workerEntry },
        output: {
          format: 'es',
          entryFileNames: 'assets/[name]-[hash].js',
          chunkFileNames: ENGINE_ANALYSIS_CHUNK,
        },
      },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[];
  return outputs
    .flatMap((o) => o.output)
    .filter((item): item is Rollup.OutputChunk => item.type === 'chunk');
}

describe("the engine worker's analysis files", () => {
  let chunks: Rollup.OutputChunk[] = [];
  beforeAll(async () => {
    chunks = await bundleWorker();
  }, 180_000);

  it('are apart from the entry, each with the compile hint on its first line', () => {
    const entry = chunks.filter((c) => c.isEntry);
    const lazy = chunks.filter((c) => !c.isEntry);
    expect(entry).toHaveLength(1);
    expect(lazy.length).toBeGreaterThan(0);
    expect(entry[0]?.code.startsWith(COMPILE_HINT)).toBe(false);
    for (const chunk of lazy) expect(chunk.code.split('\n')[0], chunk.fileName).toBe(COMPILE_HINT);
  });

  it('hold the analysis (its method set) and the live gate, loaded on demand by the entry', () => {
    const entry = chunks.find((c) => c.isEntry);
    const lazy = chunks.filter((c) => !c.isEntry);
    expect(ENGINE_METHOD_VERSION).toMatch(/^\d{4}-\d{2}-\d{2}\/\d+$/);
    expect(entry?.code).not.toContain(ENGINE_METHOD_VERSION);
    expect(lazy.some((c) => c.code.includes(ENGINE_METHOD_VERSION))).toBe(true);
    expect(entry?.dynamicImports.length).toBeGreaterThanOrEqual(1);
  });

  it('are one file, the analysis and the live gate together, importing nothing but the entry (decision 149)', () => {
    // Apart, the analysis and the live gate shared a third file (the quality gate) that the
    // worker asked for only once the first had arrived: a second round trip in the load.
    const entry = chunks.find((c) => c.isEntry);
    const lazy = chunks.filter((c) => !c.isEntry);
    expect(lazy).toHaveLength(1);
    const analysis = lazy[0];
    expect(analysis?.exports).toEqual(
      expect.arrayContaining(['assessLiveFrame', 'createSkinEngineWith']),
    );
    for (const imported of analysis?.imports ?? []) expect(imported).toBe(entry?.fileName);
    expect(entry?.dynamicImports).toEqual([analysis?.fileName]);
  });

  it('are named so the service worker keeps them for offline scans and never precaches them', () => {
    for (const chunk of chunks.filter((c) => !c.isEntry)) {
      expect(`/${chunk.fileName}`).toMatch(ENGINE_CACHE_PATH);
      expect(chunk.fileName).toMatch(PRECACHE_IGNORED);
    }
  });
});
