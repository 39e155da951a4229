// A tiny web server for fixed pages and the files of a few folders, on a free loopback port:
// the end-to-end tests' course page of another origin than the page under test, the built
// static site under a sub-path (tests/e2e/static-site.test.mjs), and the browser Web Worker that
// runs the trainer (scripts/lib/trainer-worker.mjs).
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

// .mjs and .wasm with their real types: module scripts and workers are refused otherwise.
const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.mjs': 'text/javascript', '.css': 'text/css',
  '.md': 'text/markdown', '.wasm': 'application/wasm', '.json': 'application/json', '.svg': 'image/svg+xml',
  '.txt': 'text/plain', '.woff2': 'font/woff2', '.woff': 'font/woff', '.ttf': 'font/ttf',
};

/**
 * Serves `pages` (path → HTML), `scripts` (path → JavaScript) and, under each prefix of
 * `folders` (e.g. "/docs/" → a folder), that folder's files, on a free loopback port.
 * @param {{ pages?: Record<string, string>, scripts?: Record<string, string>, folders?: Record<string, string> }} content
 */
export async function serveFiles({ pages = {}, scripts = {}, folders = {} }) {
  const server = http.createServer((request, response) => {
    const { pathname } = new URL(request.url ?? '/', 'http://localhost');
    const send = (status, type, body) => response.writeHead(status, { 'content-type': type }).end(body);
    if (pathname === '/favicon.ico') return response.writeHead(204).end();
    if (Object.hasOwn(pages, pathname)) return send(200, TYPES['.html'], pages[pathname]);
    if (Object.hasOwn(scripts, pathname)) return send(200, TYPES['.js'], scripts[pathname]);
    for (const [prefix, folder] of Object.entries(folders)) {
      if (!pathname.startsWith(prefix)) continue;
      // A folder's address serves its index.html, as static hosts do.
      const rest = decodeURIComponent(pathname.slice(prefix.length));
      const file = path.join(folder, path.normalize(rest === '' || rest.endsWith('/') ? `${rest}index.html` : rest));
      if (file.startsWith(folder) && fs.statSync(file, { throwIfNoEntry: false })?.isFile()) {
        return send(200, TYPES[path.extname(file)] ?? 'application/octet-stream', fs.readFileSync(file));
      }
    }
    return send(404, 'text/plain', 'not found');
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    url: `http://127.0.0.1:${address.port}/`,
    close: () => new Promise((resolve) => {
      server.close(() => resolve(undefined));
      server.closeAllConnections(); // the browser's kept-alive connections would hold close() open
    }),
  };
}
