// Build of the desktop station: Electron main, the sandboxed preload (CommonJS) and the React renderer (also served
// by the browser station). The service and the engine run under plain Node (tsx) and need no build.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import type { Plugin } from 'vite';

/**
 * The navigation bar drawn once per language (src/renderer/shell/navShell.tsx, run here under Node), written beside
 * index.html: the browser host sends the bench's one inside the page, so the bar is painted before any script runs.
 */
function navShells(): Plugin {
  return {
    name: 'station-nav-shells',
    apply: 'build',
    async generateBundle() {
      const shell = (await tsImport(pathToFileURL(resolve('src/renderer/shell/navShell.tsx')).href, {
        parentURL: pathToFileURL(resolve('electron.vite.config.ts')).href,
        tsconfig: resolve('src/renderer/tsconfig.json'),
      })) as { navShells(): { fileName: string; source: string }[] };
      for (const file of shell.navShells()) this.emitFile({ type: 'asset', ...file });
    },
  };
}

export default defineConfig({
  main: {
    build: {
      // Native modules, never bundled: better-sqlite3 is rebuilt for Electron on the start/packaging path; the N-API
      // one (@napi-rs/canvas) loads as it is.
      // labelWorker: the label-drawing thread's entry, found beside index.js (and the chunks) by engine/labels/pool.ts;
      // orderFileWorker: the order-file reading thread's, found there by src/orderFiles/offThread.ts;
      // orderCheckWorker: the order-check thread's, found there by src/station/orders/checkThread.ts.
      rollupOptions: {
        input: {
          index: resolve('src/main/index.ts'),
          labelWorker: resolve('src/engine/labels/labelWorker.ts'),
          orderFileWorker: resolve('src/orderFiles/orderFileWorker.ts'),
          orderCheckWorker: resolve('src/station/orders/checkThreadWorker.ts'),
        },
        external: ['better-sqlite3', '@napi-rs/canvas'],
        // Chunks beside the entries, not under chunks/: a thread's entry is looked for beside the file the code that
        // starts it lands in (the engine, shared with the order-check thread's entry, is such a chunk).
        output: { chunkFileNames: '[name]-[hash].js' },
      },
    },
  },
  preload: {
    // A sandboxed preload cannot be an ES module: CommonJS, named .cjs because package.json says "type": "module".
    build: {
      rollupOptions: {
        input: resolve('src/preload/index.ts'),
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve('src/renderer'),
    plugins: [react(), navShells()],
    // Minified: the bundle is what the bench loads at every start.
    // The manifest (.vite/manifest.json, never served: a dot-folder) names each chunk's imports, for the test of what
    // the first load holds (test/ui/firstLoad.test.ts).
    build: { minify: true, manifest: true, rollupOptions: { input: resolve('src/renderer/index.html') } },
  },
});
