import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const BRAND_VIOLET = '#8b5cf6';

export default defineConfig({
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  plugins: [
    react(),
    tailwindcss(),
    VitePWA({
      // A plain <script src="/registerSW.js"> keeps the page free of inline scripts (CSP).
      injectRegister: 'script',
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
        navigateFallback: '/index.html',
        // The API is never served from the service worker: no precache, no runtime cache, no
        // SPA fallback for /api navigations.
        navigateFallbackDenylist: [/^\/api(\/|$)/],
        runtimeCaching: [],
      },
    }),
  ],
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // React and the router change rarely: their own chunk stays cached across deploys.
          groups: [
            {
              name: 'react',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
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
