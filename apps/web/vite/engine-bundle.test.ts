import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Rollup } from 'vite';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CONVERTER_OPS,
  engineBundleAliases,
  HUMAN_TFJS_CORE,
  humanNoBundle,
  UNUSED_OP_CATEGORIES,
} from './engine-bundle';
import { executeOp as noOpExecutor } from './no-graph-op-category';
import { json as noOpList } from './no-graph-op-list';
import { registerOptimizers as noOptimizers } from './no-optimizers';
import noThreadedWasm, { wasmWorkerContents as threadedWorkerContents } from './no-threaded-wasm';

/**
 * The on-device engine's worker as the app's build bundles it (decision 140): Human's no-bundle
 * build on tfjs' own packages, the WASM backend alone. Built here without minifying (class names
 * kept), from the worker's entry with the same aliases as vite.config.ts.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const workerEntry = path.resolve(here, '../src/features/scan/engine/engine.worker.ts');
/** Human's and tfjs' files, resolved from where Human imports them. */
const fromHuman = createRequire(humanNoBundle());
const tfjsFile = (file: string) =>
  fs.readFileSync(fromHuman.resolve(`@tensorflow/${file}`), 'utf8');

/** The worker's code, and the bundled modules' ids (their files). */
interface Bundle {
  code: string;
  modules: string[];
}

async function bundleWorker(): Promise<Bundle> {
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
  const chunks = outputs.flatMap((o) => o.output).filter((c) => c.type === 'chunk');
  return {
    code: chunks.map((chunk) => chunk.code).join('\n'),
    modules: chunks.flatMap((chunk) => Object.keys(chunk.modules)),
  };
}

/** Built once for every test of this file. */
let built: Promise<Bundle> | undefined;
const bundledWorker = () => (built ??= bundleWorker());

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
    ({ code } = await bundledWorker());
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

/**
 * Decision 153: tfjs-core's ops, the converter's op categories and tfjs' optimizers that nothing in
 * the engine runs are left out of the worker. Each marker is first found in the package's own file
 * (so its absence from the bundle is the aliases' doing, and a marker that moved fails here).
 */
const TRIMMED = {
  'an op nothing names (tfjs-core acos)': ['tfjs-core/dist/ops/acos.js', 'function acos_('],
  'the op of an unused category (tfjs-core stringNGrams)': [
    'tfjs-core/dist/ops/string/string_n_grams.js',
    'function stringNGrams_(',
  ],
  "an unused category's executor (control)": [
    'tfjs-converter/dist/operations/executors/control_executor.js',
    "case 'TensorListSplit'",
  ],
  "an unused category's op list (control)": [
    'tfjs-converter/dist/operations/op_list/control.js',
    "'tfOpName': 'TensorListSplit'",
  ],
  "tfjs' optimizers (Adam)": [
    'tfjs-core/dist/optimizers/adam_optimizer.js',
    'class AdamOptimizer extends',
  ],
} as const;

/** tfjs-core as the web build's tfjs packages resolve it (not a dependency of the web app itself). */
const tfjsCore = () => fromHuman('@tensorflow/tfjs-core') as Record<string, unknown>;

/** The op types of the engine's two graph models (Human's models directory). */
function modelOpTypes(): Set<string> {
  const models = path.join(path.dirname(humanNoBundle()), '..', 'models');
  const types = new Set<string>();
  for (const name of ['blazeface.json', 'facemesh.json']) {
    const model = JSON.parse(fs.readFileSync(path.join(models, name), 'utf8')) as {
      modelTopology: { node: { op: string }[] };
    };
    for (const node of model.modelTopology.node) types.add(node.op);
  }
  return types;
}

/** The converter's category of a TensorFlow op type (its op lists), and its executor's source. */
function converterCategory(op: string): string {
  const dir = path.dirname(
    fromHuman.resolve('@tensorflow/tfjs-converter/dist/operations/op_list/graph.js'),
  );
  const list = fs
    .readdirSync(dir)
    .filter((f) => /^[a-z_]+\.js$/.test(f))
    .find((f) => fs.readFileSync(path.join(dir, f), 'utf8').includes(`'tfOpName': '${op}'`));
  if (!list) throw new Error(`no converter category lists ${op}`);
  return list.replace(/\.js$/, '');
}

/** The `ops.<name>` an executor calls for one op type: its `case` up to the next `case`/`default`. */
function opsCalledFor(op: string, category: string): string[] {
  const source = tfjsFile(`tfjs-converter/dist/operations/executors/${category}_executor.js`);
  const start = source.indexOf(`case '${op}':`);
  if (start < 0) throw new Error(`${category}_executor has no case for ${op}`);
  const rest = source.slice(start);
  const afterReturn = rest.indexOf('return');
  const end = rest.slice(afterReturn).search(/\n\s*(case '|default:)/);
  const block = rest.slice(0, end < 0 ? undefined : afterReturn + end);
  return [...block.matchAll(/\bops\.(\w+)/g)].map((m) => m[1] ?? '');
}

/** tfjs-core's kernel names by the constant that holds each (`export const Add = 'Add'`). */
function kernelNames(): Map<string, string> {
  const source = tfjsFile('tfjs-core/dist/kernel_names.js');
  return new Map(
    [...source.matchAll(/export const (\w+) = '(\w+)'/g)].map((m) => [m[1] ?? '', m[2] ?? '']),
  );
}

/** The kernel names tfjs-core's modules in the bundle run (`runKernel(Add, …)`, `runKernel('Square', …)`). */
function kernelsAskedFor(modules: string[]): Set<string> {
  const names = kernelNames();
  const asked = new Set<string>();
  for (const id of modules.filter((m) => m.includes('/@tensorflow/tfjs-core/dist/'))) {
    const source = fs.readFileSync(id.replace(/\?.*$/, ''), 'utf8');
    for (const m of source.matchAll(/runKernel\((\w+)\b/g)) {
      const name = names.get(m[1] ?? '');
      if (name) asked.add(name);
    }
    for (const m of source.matchAll(/runKernel\('(\w+)'/g)) asked.add(m[1] ?? '');
  }
  return asked;
}

/** The kernel each of the WASM backend's kernel files registers (by its file name). */
function wasmKernelOf(file: string): string {
  const source = tfjsFile(`tfjs-backend-wasm/dist/kernels/${file}.js`);
  const m =
    /kernelName: '(\w+)'/.exec(source) ??
    /kernelName: (\w+)/.exec(source) ??
    /Config = create\w+KernelConfig\((\w+)/.exec(source);
  if (!m?.[1]) throw new Error(`no kernel name in the WASM backend's ${file}.js`);
  return kernelNames().get(m[1]) ?? m[1];
}

/** Kernel files imported by a registration module's source (`…/kernels/<File>'`). */
function kernelFiles(source: string): string[] {
  return [...source.matchAll(/\/kernels\/(\w+)(?:\.js)?'/g)].map((m) => m[1] ?? '');
}

describe('the engine worker bundle without the tfjs code nothing runs (decision 153)', () => {
  let code = '';
  beforeAll(async () => {
    ({ code } = await bundledWorker());
  }, 120_000);

  it('has none of the ops, op categories and optimizers the aliases leave out', () => {
    for (const [what, [file, marker]] of Object.entries(TRIMMED)) {
      expect(tfjsFile(file), what).toContain(marker);
      expect(code, what).not.toContain(marker);
    }
  });

  it("still has the converter's executors and op lists for the models' op types", () => {
    for (const op of modelOpTypes())
      expect(code, op).toContain(`'tfOpName': '${op}'`.replace(/'/g, '"'));
    expect(code).toContain("the engine's bundle has no tfjs executor for");
  });

  it("gives Human's tfjs every tfjs-core name Human and the engine read from it", async () => {
    const human = fs.readFileSync(humanNoBundle(), 'utf8');
    // `import*as MA from"…/tfjs-core/dist/index.js"` … `E(r,MA)`: Human's `tf` object is `r`.
    const coreVar = new RegExp(`import\\*as (\\w+) from"${HUMAN_TFJS_CORE}"`).exec(human)?.[1];
    const tfVar = new RegExp(`\\b\\w+\\((\\w+),${coreVar}\\)`).exec(human)?.[1];
    expect(coreVar && tfVar).toBeTruthy();
    const engineSources = ['face/detector.ts', 'browser.ts'].map((f) =>
      fs.readFileSync(path.resolve(here, '../../../packages/skin-engine/src', f), 'utf8'),
    );
    const read = new Set([
      ...[...human.matchAll(new RegExp(`\\b${tfVar}\\.(\\w+)`, 'g'))].map((m) => m[1]),
      ...[...human.matchAll(/\.tf\.(\w+)/g)].map((m) => m[1]),
      ...engineSources.flatMap((s) => [...s.matchAll(/\.tf\.(\w+)/g)].map((m) => m[1])),
    ]);
    const core = tfjsCore();
    const given = (await import('./tfjs-core-for-human')) as Record<string, unknown>;
    const needed = [...read].filter((name): name is string => !!name && name in core);
    expect(needed.length).toBeGreaterThan(40);
    for (const name of needed) expect(given[name], name).toBe(core[name]);
  });

  it("gives the converter's executors every op they call for the models' op types", async () => {
    const core = tfjsCore();
    const given = (await import('./tfjs-ops-for-the-models')) as Record<string, unknown>;
    const called = new Set<string>();
    for (const op of modelOpTypes()) {
      const category = converterCategory(op);
      expect(UNUSED_OP_CATEGORIES, `${op} (${category})`).not.toContain(category);
      for (const name of opsCalledFor(op, category)) called.add(name);
    }
    expect([...called].sort()).toEqual(Object.keys(given).sort());
    for (const name of called) expect(given[name], name).toBe(core[name]);
  });

  it("registers the WASM backend's kernel for every kernel name the bundled ops ask for", async () => {
    const { modules } = await bundledWorker();
    const all = kernelFiles(tfjsFile('tfjs-backend-wasm/dist/register_all_kernels.js'));
    expect(all.length).toBeGreaterThan(150);
    const registered = new Set(
      kernelFiles(fs.readFileSync(path.join(here, 'wasm-kernels-the-engine-runs.ts'), 'utf8')).map(
        wasmKernelOf,
      ),
    );
    const wasmHas = new Set(all.map(wasmKernelOf));
    const asked = kernelsAskedFor(modules);
    // The models' own kernels are among them (FusedConv2D, FusedDepthwiseConv2D, Prelu, Sigmoid, …).
    for (const kernel of ['FusedConv2D', 'DepthwiseConv2dNative', 'MaxPool', 'Prelu', 'Sigmoid'])
      expect(asked, kernel).toContain(kernel);
    for (const kernel of asked)
      if (wasmHas.has(kernel)) expect(registered, kernel).toContain(kernel);
    expect(registered.size).toBeLessThan(wasmHas.size / 2);
    expect(modules.some((id) => id.endsWith('tfjs-backend-wasm/dist/kernels/Cumsum.js'))).toBe(
      false,
    );
  });

  it('aliases specifiers the packages really import, to stand-ins that fail by name', () => {
    const executor = tfjsFile('tfjs-converter/dist/operations/operation_executor.js');
    const mapper = tfjsFile('tfjs-converter/dist/operations/operation_mapper.js');
    for (const category of UNUSED_OP_CATEGORIES) {
      expect(executor, category).toContain(`'./executors/${category}_executor'`);
      // Every unused category but `ragged` has an op list (ragged ops sit in no list).
      if (category !== 'ragged') expect(mapper, category).toContain(`'./op_list/${category}'`);
    }
    expect(tfjsFile('tfjs-converter/dist/operations/executors/convolution_executor.js')).toContain(
      `from '${CONVERTER_OPS}'`,
    );
    expect(tfjsFile('tfjs-core/dist/index.js')).toContain(
      "from './optimizers/register_optimizers'",
    );
    expect(fs.readFileSync(humanNoBundle(), 'utf8')).toContain(`from"${HUMAN_TFJS_CORE}"`);
    expect(tfjsFile('tfjs-backend-wasm/dist/index.js')).toContain(
      "import './register_all_kernels'",
    );
    expect(() => noOpExecutor({ op: 'TensorListSplit', category: 'control' })).toThrow(
      /no tfjs executor for control ops \(TensorListSplit\)/,
    );
    expect(noOpList).toEqual([]);
    expect(noOptimizers()).toBeUndefined();
  });
});
