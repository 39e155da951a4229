// Instructors' own walkthroughs: loaded from a same-origin address (?src=…), from the URL hash
// (#walkthrough=<URL-encoded JSON>, so a link can carry the whole file), or from a file the
// instructor picks. Every path ends in the same validator (authoring/validate-walkthrough.ts), whose
// messages name the field; the text inside is only ever shown as text.
import type { Walkthrough } from '../model/types.js';
import { parseWalkthroughText, type ParsedWalkthrough } from './validate-walkthrough.js';
import { WALKTHROUGHS } from '../model/walkthroughs.js';
import { asOwnCopy } from './own-copy.js';
import { clip, echo } from '../i18n/echo.js';

/** The hash key of a walkthrough carried in the link itself. */
const HASH_KEY = 'walkthrough';

const parse = (text: string) => parseWalkthroughText(text, { takenIds: WALKTHROUGHS });

/** Loads a walkthrough file from an address on the page's own site. */
export async function walkthroughFromSrc(src: string, pageUrl: string): Promise<ParsedWalkthrough> {
  let url: URL;
  try {
    url = new URL(src, pageUrl);
  } catch {
    return { error: `src: expected the address of a walkthrough file, got ${echo(src)}` };
  }
  try {
    // A stray "%" (e.g. ?src=%25 decoded to "%") makes an address that servers answer with an error.
    decodeURI(url.pathname);
  } catch {
    return { error: `src: expected the address of a walkthrough file, got ${echo(src)}, whose “%” is not followed by two hexadecimal digits` };
  }
  const site = new URL(pageUrl).origin;
  // Only same-origin files: a link must not make the page fetch (and show) someone else's content.
  if (url.origin !== site || !/^https?:$/.test(url.protocol)) {
    return { error: `src: expected an address on this site (${site}), got ${url.origin === 'null' ? url.protocol : url.origin}` };
  }
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'same-origin' });
  } catch (error) {
    return { error: `src: could not load ${clip(url.pathname)}: ${(error as Error).message}` };
  }
  if (!response.ok) return { error: `src: could not load ${clip(url.pathname)} (HTTP ${response.status})` };
  // Many servers answer an unknown address with their home page rather than a 404.
  if (/text\/html/i.test(response.headers.get('content-type') ?? '')) {
    return { error: `src: expected a walkthrough JSON file at ${clip(url.pathname)}, got a web page (is the address right?)` };
  }
  return named(url.pathname, parse(await response.text()));
}

/** A walkthrough carried in the hash, or undefined when the hash holds none. */
export function walkthroughFromHash(hash: string): ParsedWalkthrough | undefined {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const text = params.get(HASH_KEY);
  if (text === null) return undefined;
  return named('#walkthrough', parse(text));
}

/** The hash that carries a walkthrough, e.g. after a file was picked, so the link reproduces it. */
export function hashFor(walkthrough: Walkthrough): string {
  return `#${new URLSearchParams({ [HASH_KEY]: JSON.stringify(walkthrough) }).toString()}`;
}

/**
 * An instructor's walkthrough file's text, checked: a copy of a shipped walkthrough that kept its
 * id gets one of its own (`<id>-copy`), since the file is theirs, and `renamed` says which. The
 * page's file picker and the CLI's export read files this way.
 */
export function parseOwnFile(text: string): { parsed: ParsedWalkthrough; renamed?: { from: string; to: string } } {
  const own = asOwnCopy(text, (id) => WALKTHROUGHS.has(id));
  return { parsed: parse(own.text), ...(own.renamed ? { renamed: own.renamed } : {}) };
}

/** Reads a walkthrough file the instructor picked (parseOwnFile). */
export async function walkthroughFromFile(file: File): Promise<ParsedWalkthrough> {
  return named(file.name, parseOwnFile(await file.text()).parsed);
}

/** Prefixes an error with where the walkthrough came from. */
function named(source: string, parsed: ParsedWalkthrough): ParsedWalkthrough {
  return 'error' in parsed ? { error: `Your walkthrough (${clip(source)}): ${parsed.error}` } : parsed;
}
