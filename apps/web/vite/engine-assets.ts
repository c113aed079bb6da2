import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * The on-device skin engine's files (issue 32, decision 094): the two face models Human loads
 * (BlazeFace, FaceMesh; packages/skin-engine/src/face/detector.ts `humanConfig`), the tfjs WASM
 * binaries and the warm-up portrait (decision 113), served from our own origin under /engine/<content hash>/ — the build writes them
 * there (the server sends that directory with a year's immutable caching), the dev server serves
 * them from node_modules. The worker learns the path from `__ENGINE_ASSET_BASE__`.
 */

/** Resolved from the engine package, whose dependencies they are. */
const fromEngine = createRequire(
  new URL('../../../packages/skin-engine/package.json', import.meta.url),
);

function engineFiles(): Map<string, string> {
  // Human's `require` condition names dist/human.node.js; the models sit in ../models.
  const models = path.join(path.dirname(fromEngine.resolve('@vladmandic/human')), '..', 'models');
  const wasm = path.dirname(fromEngine.resolve('@tensorflow/tfjs-backend-wasm'));
  return new Map([
    ...['blazeface.json', 'blazeface.bin', 'facemesh.json', 'facemesh.bin'].map(
      (name) => [name, path.join(models, name)] as const,
    ),
    // SIMD where the browser has it (every current one), the plain build otherwise. The threaded
    // build is only used on a cross-origin-isolated page, which ours is not.
    ...['tfjs-backend-wasm-simd.wasm', 'tfjs-backend-wasm.wasm'].map(
      (name) => [name, path.join(wasm, name)] as const,
    ),
    // The public-domain portrait the worker analyses once as it loads, ahead of a photo
    // (engine/host.ts WARM_UP_PHOTO, decision 113).
    [
      'warm-up-face.jpg',
      fileURLToPath(
        new URL('../../../packages/skin-engine/assets/warm-up-face.jpg', import.meta.url),
      ),
    ],
  ]);
}

const TYPES: Record<string, string> = {
  '.json': 'application/json',
  '.bin': 'application/octet-stream',
  '.wasm': 'application/wasm',
  '.jpg': 'image/jpeg',
};

export function engineAssets(): Plugin {
  const files = engineFiles();
  const hash = createHash('sha256');
  for (const [name, file] of files) hash.update(name).update(fs.readFileSync(file));
  const dir = `engine/${hash.digest('hex').slice(0, 12)}`;
  return {
    name: 'lumiskin:engine-assets',
    config: () => ({ define: { __ENGINE_ASSET_BASE__: JSON.stringify(`/${dir}/`) } }),
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const pathname = (req.url ?? '').split('?')[0] ?? '';
        const file = pathname.startsWith(`/${dir}/`)
          ? files.get(pathname.slice(dir.length + 2))
          : null;
        if (!file) return next();
        res.setHeader('content-type', TYPES[path.extname(file)] ?? 'application/octet-stream');
        res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        fs.createReadStream(file).pipe(res);
      });
    },
    generateBundle(options) {
      // The client build only: the server renderer never runs the engine.
      if (options.dir?.endsWith('dist-ssr')) return;
      for (const [name, file] of files) {
        this.emitFile({ type: 'asset', fileName: `${dir}/${name}`, source: fs.readFileSync(file) });
      }
    },
  };
}
