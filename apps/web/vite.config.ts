import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { engineAnalysisCompileHint, ENGINE_ANALYSIS_CHUNK } from './vite/engine-analysis-chunk';
import { engineAssets } from './vite/engine-assets';
import { engineBundleAliases } from './vite/engine-bundle';

const BRAND_VIOLET = '#8b5cf6';

/**
 * Preloads the Inter latin subset every page uses, so it arrives with the CSS and the first render
 * already has it (no font swap, no reflow of the hero text). The other subsets still load on demand
 * through unicode-range.
 */
function preloadLatinFont(): Plugin {
  return {
    name: 'lumiskin:preload-latin-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return;
        const font = Object.values(bundle).find(
          (asset) =>
            asset.type === 'asset' && /inter-latin-wght-normal-[^/]*\.woff2$/.test(asset.fileName),
        );
        if (!font) throw new Error('preload-latin-font: the Inter latin font is missing');
        return [
          {
            tag: 'link',
            attrs: {
              rel: 'preload',
              as: 'font',
              type: 'font/woff2',
              crossorigin: true,
              href: `/${font.fileName}`,
            },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}

/**
 * src/boot.ts starts the app (src/main.tsx) after a server-rendered page has painted; this lists
 * the app's chunk and its static imports in index.html (#app-modules) so that boot.ts can ask for
 * all of them at once then, instead of discovering them one import at a time.
 */
function listAppModules(): Plugin {
  return {
    name: 'lumiskin:list-app-modules',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return;
        const chunks = new Map(
          Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [[c.fileName, c]] : [])),
        );
        const app = [...chunks.values()].find((c) => c.facadeModuleId?.endsWith('/src/main.tsx'));
        if (!app) throw new Error('list-app-modules: no chunk for src/main.tsx');
        const files = new Set<string>();
        const visit = (file: string) => {
          if (files.has(file)) return;
          files.add(file);
          for (const imported of chunks.get(file)?.imports ?? []) visit(imported);
        };
        visit(app.fileName);
        const size = (file: string) => chunks.get(file)?.code.length ?? 0;
        return [
          {
            tag: 'script',
            attrs: { type: 'application/json', id: 'app-modules' },
            // Largest first: the downloads that take longest start first.
            children: JSON.stringify(
              [...files].sort((a, b) => size(b) - size(a)).map((file) => `/${file}`),
            ),
            injectTo: 'body',
          },
        ];
      },
    },
  };
}

/**
 * Assets worth compressing (the server sends these as .br or .gz when the browser takes it): text,
 * and the on-device engine's WASM and model weights (engine/).
 */
const COMPRESSIBLE = /\.(js|css|html|svg|json|webmanifest|txt|wasm|bin)$/;
/** Below this, compressing saves less than a packet. */
const COMPRESS_MIN_BYTES = 1024;

/**
 * Writes a brotli (quality 11) and a gzip (level 9) copy beside every text asset of the build, for
 * @fastify/static's `preCompressed`: the server no longer compresses each script for each visitor
 * (CPU it shares with the app on a small machine), and the files are ~15 % smaller than at the
 * on-the-fly quality (decision 040).
 */
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'lumiskin:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // Last, once every plugin has written its files (the service worker's included).
    closeBundle: { order: 'post', sequential: true, handler: compressAll },
  };

  async function compressAll() {
    const files = (fs.readdirSync(outDir, { recursive: true }) as string[])
      .map((file) => path.join(outDir, file))
      .filter((file) => COMPRESSIBLE.test(file) && fs.statSync(file).size >= COMPRESS_MIN_BYTES);
    await Promise.all(
      files.map(async (file) => {
        const data = await fs.promises.readFile(file);
        const br = await brotli(data, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
          },
        });
        await fs.promises.writeFile(`${file}.br`, br);
        await fs.promises.writeFile(`${file}.gz`, await gzip(data, { level: 9 }));
      }),
    );
  }
}

const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };

/**
 * `vite build --ssr src/entry-server.tsx`: the server renderer of the public pages (docs/decisions/
 * 013), into dist-ssr/ (not served). npm packages load from node_modules at run time; the workspace
 * packages ship TypeScript source, so they are bundled.
 */
const ssrBuild = defineConfig({
  resolve: { alias },
  plugins: [react(), engineAssets()],
  ssr: { noExternal: [/^@lumiskin\//] },
  build: { outDir: 'dist-ssr', emptyOutDir: true, copyPublicDir: false, minify: false },
});

const clientBuild = defineConfig({
  // The engine's worker: Human's no-bundle build on tfjs' WASM backend alone (decision 140).
  resolve: {
    alias: [
      ...Object.entries(alias).map(([find, replacement]) => ({ find, replacement })),
      ...engineBundleAliases(),
    ],
  },
  plugins: [
    react(),
    tailwindcss(),
    preloadLatinFont(),
    listAppModules(),
    engineAssets(),
    precompress(),
    VitePWA({
      // src/main.tsx registers /sw.js once the app has started and the browser is idle: its
      // install (precaching the app) never competes with the page's own start-up.
      injectRegister: false,
      registerType: 'autoUpdate',
      includeAssets: ['favicon.svg', 'apple-touch-icon-180x180.png', 'theme-init.js'],
      manifest: {
        name: 'Lumiskin',
        short_name: 'Lumiskin',
        description:
          'Skincare that learns you: AI skin scans, a routine that adapts, and a mix made for you.',
        theme_color: BRAND_VIOLET,
        background_color: '#fbf8f6',
        display: 'standalone',
        start_url: '/',
        scope: '/',
        icons: [
          { src: '/pwa-64x64.png', sizes: '64x64', type: 'image/png' },
          { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png' },
          { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png' },
          {
            src: '/maskable-icon-512x512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
      workbox: {
        // Latin font subsets only; the others still load on demand through unicode-range.
        globPatterns: ['**/*.{js,css,html,svg,png}', 'assets/inter-latin-*.woff2'],
        // The on-device engine (its client, worker and Human's bundle, ≈ 2 MB) is the scan
        // screen's alone: no visitor downloads it just for installing the app (decision 094).
        globIgnores: [
          '**/node_modules/**',
          'assets/device-engine-*.js',
          'assets/engine.worker-*.js',
        ],
        // The first visit's page is taken over as soon as the worker is active (it was not before:
        // only the next page load was). Otherwise a first scan on this device, made in that page,
        // loads the engine around the worker and nothing of it is kept for offline (issue 32). A
        // new version still waits for every tab to close (no skipWaiting).
        clientsClaim: true,
        navigateFallback: '/index.html',
        // The API is never served from the service worker: no precache, no runtime cache, no
        // SPA fallback for /api navigations.
        navigateFallbackDenylist: [/^\/api(\/|$)/],
        runtimeCaching: [
          {
            // The on-device engine (decisions 094, 100): kept the first time a scan on this device
            // loads it, so the next one works offline. Every name carries a content hash, so a
            // kept copy is never stale.
            urlPattern: ({ url, sameOrigin }) =>
              sameOrigin &&
              (url.pathname.startsWith('/engine/') ||
                /^\/assets\/(device-engine|engine\.worker)-[^/]+\.js$/.test(url.pathname)),
            handler: 'CacheFirst',
            options: {
              cacheName: 'lumiskin-engine',
              expiration: { maxEntries: 24 },
              cacheableResponse: { statuses: [200] },
            },
          },
        ],
        // Web Push: show a reminder and open its link on click (decision 033).
        importScripts: ['/push-sw.js'],
      },
    }),
  ],
  // The engine's worker (src/features/scan/engine/engine.worker.ts) is a module worker; the
  // analysis code it imports while the engine loads is a file of its own, compiled whole as it
  // arrives (decision 146).
  worker: {
    format: 'es',
    plugins: () => [engineAnalysisCompileHint()],
    rolldownOptions: { output: { chunkFileNames: ENGINE_ANALYSIS_CHUNK } },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    // dist/.vite/manifest.json: the server preloads a server-rendered page's route chunk with it.
    manifest: true,
    rolldownOptions: {
      // The on-device engine's client is an entry of its own (assets/device-engine-<hash>.js,
      // listed in .vite/manifest.json): the scan screen imports it dynamically, the agreement test
      // and bench:browser-engine load it by that name.
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        'device-engine': fileURLToPath(
          new URL('./src/features/scan/engine/client.ts', import.meta.url),
        ),
      },
      // Vite drops an app entry's exports; the engine client's are its interface.
      preserveEntrySignatures: 'exports-only',
      output: {
        codeSplitting: {
          // React and the router change rarely: their own chunk stays cached across deploys.
          groups: [
            // React DOM on its own: src/boot.ts evaluates it in a task of its own (it is the
            // largest module the app runs at start).
            {
              name: 'react-dom',
              test: /[\\/]node_modules[\\/](react-dom|scheduler)[\\/]/,
            },
            {
              name: 'react',
              test: /[\\/]node_modules[\\/](react|react-router)[\\/]/,
            },
            {
              // Icons shared by several screens: one small chunk (≈3 KB gz) instead of a request
              // per icon; an icon used by a single screen stays in that screen's chunk.
              name: 'icons',
              test: /[\\/]node_modules[\\/]lucide-react[\\/]/,
              minShareCount: 2,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
});

export default defineConfig((env) => (env.isSsrBuild ? ssrBuild : clientBuild));
