// Bundles the server for `npm start`: our code and the @lumiskin/* workspace packages (TS source)
// go into dist/; npm dependencies stay external and load from node_modules.
// Usage: node scripts/build.mjs [outdir]
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.resolve(root, process.argv[2] ?? 'dist');

/** One line per executable. */
const entryPoints = {
  server: 'src/server.ts',
  // `npm run worker`: queued scans, mail and clean-up jobs (decisions 029, 030).
  worker: 'src/worker.ts',
  // The skin-engine worker threads (piscina loads it by path from next to server.js).
  'analysis-worker': 'src/modules/analysis/worker.ts',
};

/** Keep npm packages external but bundle the workspace packages, which ship TypeScript source. */
const externalNpmPackages = {
  name: 'external-npm-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@lumiskin/')) return undefined;
      if (path.isAbsolute(args.path)) return undefined;
      return { path: args.path, external: true };
    });
  },
};

const started = Date.now();
await build({
  absWorkingDir: root,
  entryPoints: Object.fromEntries(
    Object.entries(entryPoints).map(([name, file]) => [name, path.join(root, file)]),
  ),
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  plugins: [externalNpmPackages],
  logLevel: 'warning',
});
console.log(
  `built ${Object.keys(entryPoints).join(', ')} into ${path.relative(process.cwd(), outdir) || '.'} in ${Date.now() - started} ms`,
);
