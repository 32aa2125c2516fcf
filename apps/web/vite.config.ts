import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import type { Plugin } from 'vite';
import type { OutputBundle, OutputChunk } from 'rolldown';
import { PAGE_MODULES } from './src/app/page-modules.ts';

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

/** Where the build writes what each page loads first (the server reads it: web.preload.ts). */
const PRELOAD_FILE = '.vite/preload.json';

/**
 * Writes, for the server, the chunks a page needs to start: those main.tsx imports in turn (the
 * texts' code, React DOM, the libraries, the app), each page's own, each language's texts, and for a
 * signed-in visitor the account menu's and the reviews'.
 * The server names a page's list in the page; main.tsx preloads them all at once, once the page
 * has painted, so they download together (not before the stylesheet and the first paint) while
 * main.tsx evaluates them one task at a time.
 */
function listStartChunks(): Plugin {
  const closure = (bundle: OutputBundle, from: string[], into = new Set<string>()) => {
    for (const file of from) {
      if (into.has(file)) continue;
      into.add(file);
      const chunk = bundle[file];
      if (chunk?.type === 'chunk') closure(bundle, chunk.imports, into);
    }
    return into;
  };
  let ssr = false;
  return {
    name: 'flowbay-list-start-chunks',
    apply: 'build',
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
    },
    generateBundle(_options, bundle) {
      // The server's render bundle loads its modules itself.
      if (ssr) return;
      const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) return;
      // What the HTML loads already (the entry and its imports) is left out of every list.
      const loaded = closure(bundle, [entry.fileName]);
      const started = [...loaded].flatMap((file) => (bundle[file] as OutputChunk).dynamicImports);
      const listed = (from: string[], skip: Set<string>) =>
        [...closure(bundle, from)].filter((file) => !skip.has(file)).map((file) => `/${file}`);
      const start = listed(started, loaded);
      const skip = new Set([...loaded, ...closure(bundle, started)]);
      const chunkOf = (suffix: string) => {
        const chunk = chunks.find((item) => item.facadeModuleId?.endsWith(suffix));
        if (!chunk) throw new Error(`no chunk for ${suffix}`);
        return chunk.fileName;
      };
      const pages = Object.fromEntries(
        Object.entries(PAGE_MODULES).map(([id, { file, texts }]) => [
          id,
          {
            files: listed([chunkOf(`/src/app/routes/${file}.tsx`)], skip),
            texts: texts ? [texts] : [],
          },
        ]),
      );
      const texts = Object.fromEntries(
        ['en', 'vi'].flatMap((language) => [
          [
            `translation.${language}`,
            listed(
              [
                chunkOf(`/src/i18n/${language}.json`),
                chunkOf(`/packages/domain/src/messages.${language}.ts`),
              ],
              skip,
            ),
          ],
          [`pages.${language}`, listed([chunkOf(`/src/i18n/pages.${language}.json`)], skip)],
          [`signedIn.${language}`, listed([chunkOf(`/src/i18n/signed-in.${language}.json`)], skip)],
        ]),
      );
      // A signed-in visitor's page shows the account menu from the server, and the detail page its
      // reviews with their answer and report buttons: boot.tsx waits for them before hydrating.
      const signedIn = {
        all: listed([chunkOf('/src/app/layout/avatar-menu.tsx')], skip),
        workflow: listed([chunkOf('/src/features/ratings/components/reviews-section.tsx')], skip),
      };
      this.emitFile({
        type: 'asset',
        fileName: PRELOAD_FILE,
        source: JSON.stringify({ start, pages, texts, signedIn }),
      });
    },
  };
}

// `npm run dev` passes the API's address (scripts/dev.mjs); alone, Vite expects the API on :3000.
const apiTarget = process.env.FLOWBAY_API ?? 'http://127.0.0.1:3000';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), precompressAssets(), listStartChunks()],
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
