/**
 * Build config (Node). Three parts into out/: main (ESM, deps external; with the parsers' worker
 * thread as a second entry), preload (one CommonJS
 * bundle whose only require is 'electron', as a sandboxed preload must be), renderer (React).
 */
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';
import { CONTENT_SECURITY_POLICY } from './src-main/platform/index.ts';

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      externalizeDeps: true,
      rollupOptions: {
        input: {
          index: resolve('src-main/index.ts'),
          // The file-format parsers' thread (format-reader.ts finds it beside index.js).
          'format-worker': resolve('src-main/media/format-worker.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // Sandboxed preloads cannot require npm packages: bundle everything except electron.
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve('src-preload/index.ts') },
        external: ['electron'],
        output: { format: 'cjs', entryFileNames: '[name].cjs', codeSplitting: false },
      },
    },
  },
  renderer: {
    root: 'src-renderer',
    build: {
      // electron-vite leaves the renderer unminified by default; minified, the first screen
      // parses and paints noticeably sooner (npm run bench:ui).
      minify: true,
      outDir: 'out/renderer',
      rollupOptions: {
        input: { index: resolve('src-renderer/index.html') },
        treeshake: {
          // src-shared and the features' index.ts files only declare and re-export: a module takes
          // from them only what it names. Otherwise one name from src-shared/index.ts (a sentence,
          // a list of states) or a feature's index.ts evaluates all of it — zod and every contract
          // schema among it — before the first screen.
          moduleSideEffects: [
            { test: /[\\/]src-shared[\\/]/, sideEffects: false },
            { test: /[\\/]src-renderer[\\/]src[\\/]features[\\/][^\\/]+[\\/]index\.ts$/, sideEffects: false },
          ],
        },
      },
    },
    plugins: [
      react(),
      {
        name: 'lectern-csp-meta',
        apply: 'build',
        // The built page carries the strict policy itself too, wherever it is served from.
        transformIndexHtml: (html: string) =>
          html.replace(
            '<meta charset="UTF-8" />',
            `<meta charset="UTF-8" />\n    <meta http-equiv="Content-Security-Policy" content="${CONTENT_SECURITY_POLICY.replace("; frame-ancestors 'none'", '')}" />`,
          ),
      },
    ],
  },
});
