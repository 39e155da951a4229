// The Download buttons' work, loaded only when one is clicked (never on the landing page): fetch
// the file the format is made from (the offline template, or the H5P library's script) from
// beside the page (scripts/vite/offline-template.js puts them there), bake the lesson into it (embed/offline-package.ts, as the CLI does) with the language model's
// file for a lesson that reads it, and hand the file to the browser as a download.
import { OFFLINE_FORMATS, offlineFile, readsLanguageModel, type OfflineRequest } from '../embed/offline-package.js';
import { WALKTHROUGHS } from '../model/walkthroughs.js';
import { DEFAULT_LANGUAGE } from '../i18n/languages.js';
import { currentLanguage } from '../i18n/messages.js';
import { download } from '../widgets/download.js';

/**
 * The link with the page's language in it (`lang`), unless it is English or already named: the
 * file, a SCORM package too, speaks the language it was downloaded in, whatever its reader's browser says.
 */
export function withLanguage(link: string, language = currentLanguage()): string {
  const at = link.indexOf('#');
  const query = new URLSearchParams(at < 0 ? link : link.slice(0, at));
  if (language === DEFAULT_LANGUAGE || query.has('lang')) return link;
  query.set('lang', language);
  return `?${query}${at < 0 ? '' : link.slice(at)}`;
}

/** Each source file (the template, the H5P library's script), fetched once per page. */
const sources = new Map<string, Promise<string>>();

async function fetchSource(file: string, pageBase: string): Promise<string> {
  const url = new URL(file, pageBase);
  let response: Response;
  try {
    response = await fetch(url);
  } catch (error) {
    throw new Error(`the page’s ${file} could not be loaded: ${(error as Error).message}. Downloads work from the page on its site.`);
  }
  if (!response.ok) throw new Error(`the page’s ${file} could not be loaded (HTTP ${response.status}); \`npm run build\` puts it beside index.html.`);
  return response.text();
}

/** The lessons' language model file (the one the engine's façade loads), fetched once per page. */
let model: Promise<Uint8Array> | undefined;

async function fetchModel(): Promise<Uint8Array> {
  const url = new URL('../../lib/models/shakespeare.bin', import.meta.url);
  let response: Response;
  try {
    response = await fetch(url);
  } catch (error) {
    throw new Error(`the language model this lesson reads could not be loaded for its file: ${(error as Error).message}`);
  }
  if (!response.ok) throw new Error(`the language model this lesson reads could not be loaded for its file (HTTP ${response.status})`);
  return new Uint8Array(await response.arrayBuffer());
}

/**
 * Makes the file of the walkthrough as the request's link shows it (step, edits, embed options)
 * and starts its download; resolves with its name and size.
 */
export async function downloadOffline(request: Omit<OfflineRequest, 'shipped'>, pageBase: string): Promise<{ name: string; size: number }> {
  const file = OFFLINE_FORMATS[request.format].source;
  if (!sources.has(file)) {
    sources.set(file, fetchSource(file, pageBase).catch((error: unknown) => {
      sources.delete(file); // the next click tries again
      throw error;
    }));
  }
  const text = await (sources.get(file) as Promise<string>);
  let languageModel: Uint8Array | undefined;
  if (readsLanguageModel(request.walkthrough)) {
    model ??= fetchModel().catch((error: unknown) => {
      model = undefined; // the next click tries again
      throw error;
    });
    languageModel = await model;
  }
  // Zipping takes the thread for a few hundred milliseconds: "Preparing the file…" is painted first.
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  const made = offlineFile(text, { ...request, link: withLanguage(request.link ?? ''), shipped: WALKTHROUGHS.has(request.walkthrough.id), ...(languageModel ? { languageModel } : {}) });
  download(new Blob([made.bytes as BlobPart], { type: made.type }), made.name);
  return { name: made.name, size: made.bytes.length };
}
