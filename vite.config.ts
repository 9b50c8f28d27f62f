import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const api = process.env.API_URL ?? 'http://localhost:5000';

/** Files worth compressing; smaller ones cost more in headers and CPU than they save. */
const COMPRESSIBLE = /\.(js|css|html|svg|json)$/;
const MIN_BYTES = 1024;

/**
 * Writes `name.br` (brotli, best) and `name.gz` (gzip, best) beside every compressible file of the
 * build, so the server sends them as they are (@fastify/static `preCompressed`) instead of the
 * uncompressed files or compressing on every request.
 */
function precompress(): Plugin {
  return {
    name: 'hms-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir!;
      for (const fileName of Object.keys(bundle)) {
        if (!COMPRESSIBLE.test(fileName)) continue;
        const file = path.join(dir, fileName);
        const data = readFileSync(file);
        if (data.length < MIN_BYTES) continue;
        const br = brotliCompressSync(data, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
          },
        });
        const gz = gzipSync(data, { level: constants.Z_BEST_COMPRESSION });
        if (br.length < data.length) writeFileSync(`${file}.br`, br);
        if (gz.length < data.length) writeFileSync(`${file}.gz`, gz);
      }
    },
  };
}

/** The service worker's entry and the name it is served under (its scope is the whole app). */
const SERVICE_WORKER = { entry: 'service-worker', file: 'sw.js' };
const WEB_ROOT = path.resolve('src/web');

/**
 * Gives the service worker this build's file list and version (`PRECACHE` in service-worker.ts):
 * every file of the bundle and of public/, and a version that changes when any of them does.
 */
function servicePrecache(): Plugin {
  return {
    name: 'hms-service-worker-precache',
    apply: 'build',
    generateBundle(_options, bundle) {
      const worker = bundle[SERVICE_WORKER.file];
      if (!worker || worker.type !== 'chunk') throw new Error(`${SERVICE_WORKER.file} is missing from the build`);
      const publicDir = path.join(WEB_ROOT, 'public');
      const publicFiles = readdirSync(publicDir, { recursive: true, withFileTypes: true })
        .filter((f) => f.isFile())
        .map((f) => path.relative(publicDir, path.join(f.parentPath, f.name)).split(path.sep).join('/'));
      const hash = createHash('sha256');
      for (const file of publicFiles.sort()) hash.update(file).update(readFileSync(path.join(publicDir, file)));
      const files = Object.keys(bundle)
        .filter((f) => f !== SERVICE_WORKER.file && f !== 'index.html')
        .sort();
      for (const file of files) hash.update(file);
      const page = bundle['index.html'];
      if (page?.type === 'asset') hash.update(String(page.source));
      hash.update(worker.code);
      const precache = { version: hash.digest('hex').slice(0, 16), files: [...files, ...publicFiles] };
      worker.code = `var PRECACHE = ${JSON.stringify(precache)};\n${worker.code}`;
    },
  };
}

export default defineConfig({
  root: 'src/web',
  plugins: [react(), servicePrecache(), precompress()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    // No source maps in the build: the server would serve them to anyone.
    sourcemap: false,
    rollupOptions: {
      input: {
        index: path.join(WEB_ROOT, 'index.html'),
        [SERVICE_WORKER.entry]: path.join(WEB_ROOT, `${SERVICE_WORKER.entry}.ts`),
      },
      output: {
        entryFileNames: (chunk) =>
          chunk.name === SERVICE_WORKER.entry ? SERVICE_WORKER.file : 'assets/[name]-[hash].js',
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: api, changeOrigin: true },
      '/ws': { target: api.replace(/^http/, 'ws'), ws: true },
    },
  },
});
