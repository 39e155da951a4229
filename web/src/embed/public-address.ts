// Where an iframe snippet may point. The Embed dialog's snippet is a link to this very page; when
// the page runs on the instructor's own computer (npm start's 127.0.0.1, a file opened from disk)
// that link opens nowhere else, and learners would see an empty frame. The dialog then warns and
// asks for the public address where the site is (or will be) hosted, and the snippet names the
// same walkthrough, step and edits on that site. DOM-free: tested in Node.

/** Host names that only ever mean "this computer". */
const LOCAL_HOSTS = new Set(['localhost', '0.0.0.0', '[::1]', '[::]']);

/**
 * Why a snippet linking to `page` would not work for anyone else (the address as the warning
 * names it), or undefined when `page` is on a host others can reach.
 */
export function privateAddress(page: URL): string | undefined {
  if (page.protocol === 'file:') return 'a file on this computer (file:)';
  const host = page.hostname;
  if (LOCAL_HOSTS.has(host) || host.endsWith('.localhost') || /^127\.\d+\.\d+\.\d+$/.test(host)) return page.host;
  return undefined;
}

/**
 * Reads the public address an instructor typed: an http or https URL of the site's folder (or of
 * its page: "https://example.org/lab/index.html" means the folder /lab/). Throws an Error whose
 * message says what was expected.
 */
export function readPublicAddress(text: string): URL {
  const trimmed = text.trim();
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw new Error(`public address: expected a web address such as https://courses.example.org/attention-lab/, got "${trimmed}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`public address: expected an http or https address, got ${url.protocol.slice(0, -1)}:`);
  }
  if (privateAddress(url)) throw new Error(`public address: ${url.host} is this computer again; expected the host learners open`);
  url.search = '';
  url.hash = '';
  // A last segment with a dot names a page: the site is its folder. Otherwise it is the folder.
  const last = url.pathname.slice(url.pathname.lastIndexOf('/') + 1);
  if (last.includes('.')) return new URL('.', url);
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  return url;
}

/**
 * `link` (an address of this page: `pageBase` plus a query and hash) as the same address on the
 * public site: what follows the page's folder, resolved in `site`'s folder.
 */
export function onPublicSite(link: string, pageBase: string, site: URL): string {
  const folder = new URL('.', pageBase).href;
  if (!link.startsWith(folder)) throw new Error(`onPublicSite: ${link} is not under ${folder}`);
  return new URL(link.slice(folder.length), site).href;
}
