import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Rollup } from 'vite';
import { beforeAll, describe, expect, it } from 'vitest';
import { engineBundleAliases, humanNoBundle } from './engine-bundle';
import noThreadedWasm, { wasmWorkerContents as threadedWorkerContents } from './no-threaded-wasm';

/**
 * The on-device engine's worker as the app's build bundles it (decision 140): Human's no-bundle
 * build on tfjs' own packages, the WASM backend alone. Built here without minifying (class names
 * kept), from the worker's entry with the same aliases as vite.config.ts.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const workerEntry = path.resolve(here, '../src/features/scan/engine/engine.worker.ts');

async function bundleWorker(): Promise<string> {
  const result = await build({
    configFile: false,
    logLevel: 'silent',
    resolve: { alias: engineBundleAliases() },
    build: {
      write: false,
      minify: false,
      copyPublicDir: false,
      rolldownOptions: { input: workerEntry, output: { format: 'es', codeSplitting: false } },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[];
  return outputs
    .flatMap((o) => o.output)
    .map((chunk) => (chunk.type === 'chunk' ? chunk.code : ''))
    .join('\n');
}

/**
 * Strings only the code the aliases leave out carries: present in Human's full bundle (what
 * `@vladmandic/human` resolves to without them), so their absence here is the aliases' doing.
 */
const LEFT_OUT = {
  'the WebGL backend (its shaders)': '#version 300 es',
  'the WebGPU backend (its WGSL shaders)': '@workgroup_size',
  "the CPU backend (MathBackendCPU's notice)": 'install our node',
  "the threaded WASM build's loader": 'ENVIRONMENT_IS_PTHREAD',
};

describe('the engine worker bundle', () => {
  let code = '';
  beforeAll(async () => {
    code = await bundleWorker();
  }, 120_000);

  it('has Human and the tfjs WASM backend', () => {
    expect(code).toMatch(/\bBackendWasm = class\b|\bclass BackendWasm\b/);
    expect(code).toContain('"Human:"'); // its log lines' prefix (its own build is minified)
    expect(code).toContain("registerBackend('wasm'".replace(/'/g, '"'));
    // The single-threaded Emscripten loader the engine runs.
    expect(code).toContain('tfjs-backend-wasm.wasm');
  });

  it('has none of the backends the engine never runs', () => {
    const fullBundle = fs.readFileSync(
      path.join(path.dirname(humanNoBundle()), 'human.esm.js'),
      'utf8',
    );
    for (const [what, marker] of Object.entries(LEFT_OUT)) {
      expect(fullBundle, what).toContain(marker);
      expect(code, what).not.toContain(marker);
    }
    expect(code).not.toMatch(/\bMathBackendCPU = class\b|\bclass MathBackendCPU\b/);
  });

  it('carries no zod: the engine takes its constants from the contract without schemas (decision 143)', () => {
    // zod names its error class so; the contract's schemas would bring it (and all of zod) in.
    const zodErrors = createRequire(path.resolve(here, '../../../packages/contract/package.json'))
      .resolve('zod')
      .replace(/index\.(c?js)$/, 'v4/classic/errors.$1');
    expect(fs.readFileSync(zodErrors, 'utf8')).toContain('"ZodError"');
    expect(code).not.toContain('ZodError');
  });

  it("bundles the threaded loader's stand-in, which throws if it is ever called", () => {
    expect(code).toContain('the threaded WASM build of tfjs is not bundled');
    expect(() => noThreadedWasm()).toThrow(/not bundled/);
    expect(threadedWorkerContents).toBe('');
  });
});

describe('the tfjs packages under the no-bundle build', () => {
  /** The versions Human's own bundle was built with (dist/tfjs.version.js). */
  function bundledVersions(): Record<string, string> {
    const text = fs.readFileSync(
      path.join(path.dirname(humanNoBundle()), 'tfjs.version.js'),
      'utf8',
    );
    const vars = new Map([...text.matchAll(/var (\w+)="([\d.]+)"/g)].map((m) => [m[1], m[2]]));
    const object = /\{(tfjs:[^}]*)\}/.exec(text)?.[1] ?? '';
    return Object.fromEntries(
      [...object.matchAll(/"?([\w-]+)"?:(\w+)/g)].map((m) => [m[1], vars.get(m[2] ?? '') ?? '']),
    );
  }

  it('are the versions Human was built with, resolved from where Human imports them', () => {
    const versions = bundledVersions();
    expect(versions['tfjs-core']).toMatch(/^\d+\.\d+\.\d+$/);
    const fromHuman = createRequire(humanNoBundle());
    for (const name of ['tfjs-core', 'tfjs-converter', 'tfjs-backend-wasm', 'tfjs-backend-cpu']) {
      const pkg = JSON.parse(
        fs.readFileSync(fromHuman.resolve(`@tensorflow/${name}/package.json`), 'utf8'),
      ) as { version: string };
      expect(pkg.version, name).toBe(versions[name]);
    }
  });
});
