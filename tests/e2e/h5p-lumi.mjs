// An H5P server other than h5p-standalone for the .h5p package's tests: Lumi's
// @lumieducation/h5p-server (the Node implementation of H5P's PHP server, as used by Lumi
// Desktop and many self-hosted sites), behind a bare node:http server on a free loopback port.
//
// The package goes in as an author's upload does, through the editor's path: uploadPackage (which
// validates the zip and installs the library, with Lumi's own rules on files, library.json and
// semantics) and saveOrUpdateContent (which checks the parameters against the semantics and stores
// the content). The page that plays it is player.render's, so its H5PIntegration object is Lumi's.
//
// Lumi ships no H5P core (h5p.js, jQuery, the styles): a site copies the h5p-php-library's files
// into its core folder itself, and they are not on npm. The page loads h5p-standalone's bundle of
// the same core (frame.bundle.js and styles/h5p.css) in their place, from the copy setup unpacks
// into node_modules/.cache. Lumi's AJAX addresses for user data and scores are answered by Lumi's
// own ContentUserDataManager, so the score rows H5P posts can be read back from Lumi's storage.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lumi from '@lumieducation/h5p-server';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** h5p-standalone's dist folder: the H5P core bundled (jQuery, h5p.js, xAPI, …), its CSS and fonts. */
const CORE_BUNDLE = path.join(ROOT, 'node_modules', '.cache', 'h5p-standalone-3.8.2', 'dist');
/** Where the page asks for that folder's files. */
const CORE_PREFIX = '/core-bundle/';

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.mjs': 'text/javascript', '.css': 'text/css',
  '.json': 'application/json', '.svg': 'image/svg+xml', '.gif': 'image/gif', '.png': 'image/png',
  '.woff2': 'font/woff2', '.woff': 'font/woff', '.ttf': 'font/ttf', '.wasm': 'application/wasm', '.txt': 'text/plain',
};

/** @typedef {{ id: string, name: string, email: string }} User */
/** @typedef {import('@lumieducation/h5p-server').IUser} IUser */
/** @typedef {import('@lumieducation/h5p-server').IPlayerModel} IPlayerModel */

/**
 * Uploads `h5p` to Lumi as an author would and serves a page where Lumi's player plays it.
 * @param {{ h5p: Uint8Array, user: User, dir: string }} options
 *   h5p: the package's bytes; user: who uploads and plays it; dir: an empty temporary folder for
 *   Lumi's storage (libraries, content, temporary files, user data)
 * @returns {Promise<{ url: string, contentId: string, missing: string[], finished: () => Promise<unknown[]>, close: () => Promise<void> }>}
 *   url: the server's root (the page is at `${url}play`); contentId: Lumi's id of the stored
 *   content; missing: every request answered 404 ("GET /path"); finished: the score rows Lumi
 *   stored from H5P's setFinished posts for this content; close: stops the server
 */
export async function serveLumi({ h5p, user, dir }) {
  const actor = /** @type {IUser} */ ({ ...user, type: 'local' });
  const lumiSite = await createLumi(dir);
  const contentId = await uploadAsAuthor(lumiSite.editor, h5p, actor);
  const player = new lumi.H5PPlayer(lumiSite.editor.libraryStorage, lumiSite.editor.contentStorage, lumiSite.config,
    undefined, undefined, undefined, undefined, lumiSite.userData);
  player.setRenderer((model) => renderPage(model, lumiSite.config));

  /** @type {string[]} */
  const missing = [];
  const server = http.createServer((request, response) => {
    route({ request, response, lumiSite, player, contentId, actor, missing }).catch((error) => {
      // A route that failed is as unanswered as one that is missing: the tests see both.
      missing.push(`${request.method} ${request.url} (${error instanceof Error ? error.message : error})`);
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain' });
      response.end(String(error));
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    url: `http://127.0.0.1:${address.port}/`,
    contentId,
    missing,
    // Lumi's file storage answers undefined until the content's first score row is written.
    finished: async () => (await lumiSite.userData.getFinishedDataByContentId(contentId)) ?? [],
    close: () => new Promise((resolve) => {
      server.close(() => resolve(undefined));
      server.closeAllConnections(); // the browser's kept-alive connections would hold close() open
    }),
  };
}

/**
 * Lumi's objects on file-system storage under `dir`, as a self-hosted site sets them up.
 * @param {string} dir
 */
async function createLumi(dir) {
  const config = await new lumi.H5PConfig(undefined, {
    // No calls to the H5P hub (content type list, usage statistics): the tests run offline.
    fetchingDisabled: 1,
    sendUsageStatistics: false,
    // H5P's core saves no state on a timer: the tests look at scores, not at resumed sessions.
    contentUserStateSaveInterval: false,
  }).load();
  const userData = new lumi.fsImplementations.FileContentUserDataStorage(path.join(dir, 'user-data'));
  const folders = ['libraries', 'temporary', 'content'].map((name) => path.join(dir, name));
  for (const folder of folders) fs.mkdirSync(folder, { recursive: true });
  const editor = lumi.fs(config, folders[0], folders[1], folders[2], userData);
  return { config, editor, userData };
}

/**
 * The author's path: the upload (validation, library installation) and the save of its content.
 * Lumi's errors name their rule in errorId/clientErrorId and its details in `replacements`, and
 * an AggregateH5pError keeps one error per broken rule: all of them go into the message, so a
 * failing test says which rule the package broke.
 * @param {import('@lumieducation/h5p-server').H5PEditor} editor
 * @param {Uint8Array} h5p
 * @param {IUser} actor
 * @returns {Promise<string>} the content's id
 */
async function uploadAsAuthor(editor, h5p, actor) {
  let upload;
  try {
    upload = await editor.uploadPackage(Buffer.from(h5p), actor);
  } catch (error) {
    // The same error object, so a test can check its class and errorId, with a readable message.
    if (error instanceof Error) error.message = `Lumi refused the upload: ${describeError(error)}`;
    throw error;
  }
  const metadata = /** @type {import('@lumieducation/h5p-server').IContentMetadata} */ (upload.metadata);
  const main = metadata.preloadedDependencies.find((library) => library.machineName === metadata.mainLibrary);
  if (!main) throw new Error(`h5p.json names no dependency for its main library ${metadata.mainLibrary}`);
  // No id yet: a new content (the .d.ts says string, its comment and code take undefined).
  const newContent = /** @type {string} */ (/** @type {unknown} */ (undefined));
  const id = await editor.saveOrUpdateContent(newContent, upload.parameters, metadata,
    `${main.machineName} ${main.majorVersion}.${main.minorVersion}`, actor);
  // FileContentStorage makes a number; the user-data storage's path checks need a string, which
  // is what an id read from a URL (h5p-express's case) always is.
  return String(id);
}

/**
 * An H5pError's message, ids and replacements, and those of each error it aggregates, one a line.
 * @param {Error & { errorId?: string, clientErrorId?: string, replacements?: Record<string, unknown>, errors?: Error[] }} error
 * @returns {string}
 */
function describeError(error) {
  const inner = error.errors ?? [];
  // An aggregate's own message only joins its errors' messages: they are listed below it instead.
  const text = inner.length > 0 ? '' : error.message;
  // H5pError's message starts with its errorId: the ids are added only where it does not.
  const ids = [...new Set([error.errorId, error.clientErrorId])].filter((id) => id && !text.startsWith(id)).join(' / ');
  const replacements = Object.keys(error.replacements ?? {}).length > 0 ? JSON.stringify(error.replacements) : '';
  const own = [text, ids && `[${ids}]`, replacements].filter(Boolean).join(' ');
  return own + inner.map((each) => `\n  - ${describeError(each)}`).join('');
}

/**
 * The player's page, as Lumi's default renderer writes it (H5PIntegration, the scripts and styles,
 * a div.h5p-content that H5P.init fills), with the core's many files swapped for h5p-standalone's
 * bundle, and a recorder of every xAPI statement in window.statements for the tests.
 * @param {IPlayerModel} model
 * @param {import('@lumieducation/h5p-server').IH5PConfig} config
 * @returns {string}
 */
function renderPage(model, config) {
  const core = `${config.baseUrl}${config.coreUrl}/`;
  const styles = withBundle(model.styles, core, `${CORE_PREFIX}styles/h5p.css`);
  const scripts = withBundle(model.scripts, core, `${CORE_PREFIX}frame.bundle.js`);
  // The core's list is also what an iframe embed loads into its frame: the same bundle there.
  const integration = { ...model.integration, core: { scripts: [`${CORE_PREFIX}frame.bundle.js`], styles: [`${CORE_PREFIX}styles/h5p.css`] } };
  const bundle = `${CORE_PREFIX}frame.bundle.js`;
  // H5P.externalDispatcher exists once the bundle has run; H5P.init runs at DOM ready, after
  // every script here, so a listener added right after the bundle hears every statement.
  const recorder = `<script>window.statements = []; H5P.externalDispatcher.on('xAPI', (event) => window.statements.push(event.data.statement));</script>`;
  const tags = scripts.map((src) => `<script src="${escapeAttribute(src)}"></script>${src === bundle ? `\n${recorder}` : ''}`);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeText(model.integration.contents?.[`cid-${model.contentId}`]?.metadata?.title || 'H5P')}</title>
${styles.map((href) => `<link rel="stylesheet" href="${escapeAttribute(href)}">`).join('\n')}
<script>window.H5PIntegration = ${JSON.stringify(integration).replaceAll('</', '<\\/')};</script>
${tags.join('\n')}
</head>
<body>
<div class="h5p-content" data-content-id="${escapeAttribute(String(model.contentId))}"></div>
</body>
</html>
`;
}

/**
 * `urls` with those under `core` replaced by the one `bundle`, where the first of them was.
 * @param {string[]} urls
 * @param {string} core
 * @param {string} bundle
 */
function withBundle(urls, core, bundle) {
  const first = urls.findIndex((url) => url.startsWith(core));
  const rest = urls.filter((url) => !url.startsWith(core));
  return first < 0 ? [bundle, ...rest] : [...rest.slice(0, first), bundle, ...rest.slice(first)];
}

/** @param {string} text */
const escapeText = (text) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;');
/** @param {string} text */
const escapeAttribute = (text) => escapeText(text).replaceAll('"', '&quot;');

/**
 * @typedef {object} Request
 * @property {http.IncomingMessage} request
 * @property {http.ServerResponse} response
 * @property {Awaited<ReturnType<typeof createLumi>>} lumiSite
 * @property {import('@lumieducation/h5p-server').H5PPlayer} player
 * @property {string} contentId
 * @property {IUser} actor
 * @property {string[]} missing
 */

/**
 * Answers one request: the page, the core bundle, Lumi's library and content files, and the AJAX
 * addresses Lumi's H5PIntegration names (ajax.contentUserData, ajax.setFinished).
 * @param {Request} context
 */
async function route({ request, response, lumiSite, player, contentId, actor, missing }) {
  const { config, editor } = lumiSite;
  const url = new URL(request.url ?? '/', 'http://localhost');
  const pathname = decodeURIComponent(url.pathname);
  const method = request.method ?? 'GET';
  const base = config.baseUrl;
  /** @type {(status: number, type: string, body: string | Buffer) => void} */
  const send = (status, type, body) => { response.writeHead(status, { 'content-type': type }).end(body); };
  const json = (/** @type {unknown} */ body) => send(200, TYPES['.json'], JSON.stringify(body));
  const typeOf = (/** @type {string} */ file) => TYPES[/** @type {keyof TYPES} */ (path.extname(file))] ?? 'application/octet-stream';

  // The browser's own request, no part of H5P's.
  if (pathname === '/favicon.ico') return void response.writeHead(204).end();
  if (method === 'GET' && pathname === '/play') return send(200, TYPES['.html'], await player.render(contentId, actor, 'en'));

  if (method === 'GET' && pathname.startsWith(CORE_PREFIX)) {
    const file = path.join(CORE_BUNDLE, path.normalize(pathname.slice(CORE_PREFIX.length)));
    if (file.startsWith(CORE_BUNDLE + path.sep) && fs.statSync(file, { throwIfNoEntry: false })?.isFile()) {
      return send(200, typeOf(file), fs.readFileSync(file));
    }
  }

  // `${base}/libraries/H5P.AttentionLab-1.0/dist/attention-lab-h5p.js` (its ?version= ignored).
  const library = match(pathname, `${base}${config.librariesUrl}/`);
  if (method === 'GET' && library) {
    const [uberName, file] = splitFirst(library);
    const name = lumi.LibraryName.fromUberName(uberName, { useWhitespace: false, useHyphen: true });
    if (name && file && await editor.libraryStorage.fileExists(name, file)) {
      return pipe(response, typeOf(file), await editor.libraryStorage.getFileStream(name, file));
    }
  }

  // H5P.getPath's `${H5PIntegration.url}/content/<id>/<file>` (contentUrl is unset by default).
  const content = match(pathname, `${base}${config.contentFilesUrl}/`);
  if (method === 'GET' && content) {
    const [id, file] = splitFirst(content);
    if (file && await editor.contentStorage.fileExists(id, file)) {
      return pipe(response, typeOf(file), await editor.contentStorage.getFileStream(id, file, actor));
    }
  }

  // ajax.contentUserData: `${base}/contentUserData/:contentId/:dataType/:subContentId`.
  const userData = match(pathname, `${base}${config.contentUserDataUrl}/`)?.split('/');
  if (userData?.length === 3) {
    const [id, dataType, subContentId] = userData;
    const manager = editor.contentUserDataManager;
    if (method === 'GET') {
      const state = await manager.getContentUserData(id, dataType, subContentId, actor);
      // H5P's core reads `data: false` as "nothing saved".
      return json({ success: true, data: state ? state.userState : false });
    }
    if (method === 'POST') {
      const form = await readForm(request);
      await manager.createOrUpdateContentUserData(id, dataType, subContentId, form.get('data') ?? '',
        form.get('invalidate') === '1', form.get('preload') === '1', actor);
      return json({ success: true });
    }
  }

  // ajax.setFinished: H5P.setFinished posts contentId, score, maxScore, opened, finished, time.
  if (method === 'POST' && pathname === `${base}${config.setFinishedUrl}`) {
    const form = await readForm(request);
    const number = (/** @type {string} */ field) => (form.get(field) ? Number(form.get(field)) : 0);
    await editor.contentUserDataManager.setFinished(form.get('contentId') ?? '', number('score'), number('maxScore'),
      number('opened'), number('finished'), number('time'), actor);
    return json({ success: true });
  }

  missing.push(`${method} ${url.pathname}`);
  return send(404, 'text/plain', 'not found');
}

/**
 * What follows `prefix` in `pathname`, or undefined if it does not start with it.
 * @param {string} pathname
 * @param {string} prefix
 */
function match(pathname, prefix) {
  return pathname.startsWith(prefix) ? pathname.slice(prefix.length) : undefined;
}

/**
 * "a/b/c" as ["a", "b/c"]: a library's or content's id, then the file's path inside it.
 * @param {string} rest
 * @returns {[string, string]}
 */
function splitFirst(rest) {
  const slash = rest.indexOf('/');
  return slash < 0 ? [rest, ''] : [rest.slice(0, slash), rest.slice(slash + 1)];
}

/**
 * Sends a stream from Lumi's storage.
 * @param {http.ServerResponse} response
 * @param {string} type
 * @param {NodeJS.ReadableStream} stream
 */
function pipe(response, type, stream) {
  response.writeHead(200, { 'content-type': type });
  return new Promise((resolve, reject) => {
    stream.on('error', reject);
    stream.pipe(response).on('finish', () => resolve(undefined));
  });
}

/**
 * The form-urlencoded body of a POST, as jQuery.post sends H5P's.
 * @param {http.IncomingMessage} request
 */
async function readForm(request) {
  const chunks = [];
  for await (const chunk of request) chunks.push(chunk);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}
