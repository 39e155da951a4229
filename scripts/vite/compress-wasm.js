// vite preview compresses HTML, JS and CSS but sends .wasm as it is: 231 KB instead of 86 KB
// gzip (docs/benchmarks-page.md). This preview middleware gzips .wasm responses for clients
// that accept gzip, once per file (kept in memory), so `npm start` serves what a production
// host should. Production hosts: enable compression for application/wasm.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** @returns {import('vite').Plugin} */
export function compressWasm() {
  /** @type {Map<string, { mtimeMs: number, body: Buffer }>} */
  const cache = new Map();
  return {
    name: 'attention-lab:compress-wasm',
    configurePreviewServer(server) {
      const outDir = path.resolve(server.config.root, server.config.build.outDir);
      server.middlewares.use((request, response, next) => {
        const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
        if (!pathname.endsWith('.wasm') || !/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) return next();
        const file = path.join(outDir, path.normalize(pathname).replace(/^([/\\])+/, ''));
        if (!file.startsWith(outDir + path.sep) || !fs.existsSync(file)) return next();
        const { mtimeMs } = fs.statSync(file);
        let entry = cache.get(file);
        if (!entry || entry.mtimeMs !== mtimeMs) {
          entry = { mtimeMs, body: zlib.gzipSync(fs.readFileSync(file), { level: 9 }) };
          cache.set(file, entry);
        }
        response.setHeader('Content-Type', 'application/wasm');
        response.setHeader('Content-Encoding', 'gzip');
        response.setHeader('Vary', 'Accept-Encoding');
        response.setHeader('Content-Length', entry.body.length);
        response.setHeader('Cache-Control', 'no-cache');
        response.end(request.method === 'HEAD' ? undefined : entry.body);
      });
    },
  };
}
