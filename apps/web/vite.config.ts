import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import type { Plugin } from 'vite';

/**
 * Writes `.br` (quality 11) and `.gz` (level 9) beside each built asset once, so the server sends
 * the smallest file without compressing on every request (@fastify/static `preCompressed`).
 */
function precompressAssets(): Plugin {
  let outDir = 'dist';
  let ssr = false;
  return {
    name: 'flowbay-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
      ssr = Boolean(config.build.ssr);
    },
    closeBundle() {
      // The server's render bundle is read from disk by the server, never sent.
      if (ssr) return;
      const assets = join(outDir, 'assets');
      for (const name of readdirSync(assets)) {
        if (!/\.(js|css|svg|json)$/.test(name)) continue;
        const body = readFileSync(join(assets, name));
        if (body.length < 1024) continue;
        writeFileSync(
          join(assets, `${name}.br`),
          brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        writeFileSync(join(assets, `${name}.gz`), gzipSync(body, { level: 9 }));
      }
    },
  };
}

// `npm run dev` passes the API's address (scripts/dev.mjs); alone, Vite expects the API on :3000.
const apiTarget = process.env.FLOWBAY_API ?? 'http://127.0.0.1:3000';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), precompressAssets()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  // The server's render bundle (`vite build --ssr`) holds its packages, React's production build
  // among them, whatever NODE_ENV the server runs with (React's development build renders 2–3× slower).
  ssr: { noExternal: true },
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  server: {
    proxy: { '/api': apiTarget, '/files': apiTarget },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    sourcemap: false,
    target: 'es2022',
    reportCompressedSize: false,
    // Shared modules smaller than 4 KB (before minifying) are copied into the chunks that use them
    // rather than split into files of their own: the detail page loaded 75 scripts, most under 1 KB
    // (an icon, a query key), and each costs the browser a request and a task. Now it loads 28.
    rolldownOptions: isSsrBuild
      ? {}
      : {
          preserveEntrySignatures: false,
          output: { codeSplitting: { experimentalInlineCommonChunks: { maxSize: 4096 } } },
        },
  },
}));
