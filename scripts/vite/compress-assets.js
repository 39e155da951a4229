// vite preview compresses HTML, JS and CSS on every request and sends .wasm as it is (231 KB
// instead of 86 KB gzip, docs/benchmarks-page.md). This preview middleware serves the built
// assets (the hashed files under assets/: JS, CSS, wasm) gzipped for clients that accept gzip,
// compressed once per file and kept in memory, as a production host serves precompressed files:
// compressing the 286 KB bundle on every request was a measurable part of the first step. So
// `npm start` serves what a production host should. Production hosts: precompress, or enable
// compression for application/wasm too. Their names carry a hash of their content, so they are
// cached for a year as the deploy recipes say (docs/deploy.md): with `no-cache` and no validator,
// a browser fetched, parsed and compiled every script and the engine's wasm again on each visit
// (a visit to a lesson took 0.7–1.0 CPU-s of Chromium here; with the cache, 0.44–0.58).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const TYPES = { '.js': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm' };

/** @returns {import('vite').Plugin} */
export function compressAssets() {
  /** @type {Map<string, { mtimeMs: number, body: Buffer }>} */
  const cache = new Map();
  return {
    name: 'attention-lab:compress-assets',
    configurePreviewServer(server) {
      const outDir = path.resolve(server.config.root, server.config.build.outDir);
      const assets = path.join(outDir, server.config.build.assetsDir);
      server.middlewares.use((request, response, next) => {
        let pathname;
        try {
          pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
        } catch {
          return next(); // a malformed address: vite answers it
        }
        const type = TYPES[path.extname(pathname)];
        if (!type || !/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) return next();
        const file = path.join(outDir, path.normalize(pathname).replace(/^([/\\])+/, ''));
        if (!file.startsWith(assets + path.sep) || !fs.existsSync(file)) return next();
        const { mtimeMs } = fs.statSync(file);
        let entry = cache.get(file);
        if (!entry || entry.mtimeMs !== mtimeMs) {
          entry = { mtimeMs, body: zlib.gzipSync(fs.readFileSync(file), { level: 9 }) };
          cache.set(file, entry);
        }
        response.setHeader('Content-Type', type);
        response.setHeader('Content-Encoding', 'gzip');
        response.setHeader('Vary', 'Accept-Encoding');
        response.setHeader('Content-Length', entry.body.length);
        response.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        response.end(request.method === 'HEAD' ? undefined : entry.body);
      });
    },
  };
}
