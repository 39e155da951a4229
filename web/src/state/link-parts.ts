// The two halves of a link the page reads, taken apart without trusting them: the query (what a
// server sees) and the hash (what only the page sees). URLSearchParams quietly keeps a stray
// "%" and quietly drops a repeated name; here both are reported, so the page can say so.
import { deflateSync, inflateSync, strFromU8, strToU8 } from 'fflate';
import { t } from '../i18n/messages.js';
import { base64ToBytes, bytesToBase64 } from '../model/base64.js';

export interface LinkParams {
  /** Each name's value, decoded; the first one when the name came more than once. */
  values: Map<string, string>;
  /** Names whose value (or the name itself) is not valid percent-encoding, in link order. */
  malformed: string[];
  /** Names given more than once. */
  repeated: string[];
}

/** Decodes one `name=value` component as a form does ("+" is a space); undefined if malformed. */
function decode(text: string): string | undefined {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return undefined;
  }
}

/** Reads "?a=1&b=2" or "#a=1&b=2" (the leading "?" or "#" is optional). */
export function readParams(text: string): LinkParams {
  const params: LinkParams = { values: new Map(), malformed: [], repeated: [] };
  for (const part of text.replace(/^[?#]/, '').split('&')) {
    if (part === '') continue;
    const split = part.indexOf('=');
    const rawName = split < 0 ? part : part.slice(0, split);
    const name = decode(rawName);
    const value = decode(split < 0 ? '' : part.slice(split + 1));
    if (name === undefined || value === undefined) {
      params.malformed.push(name ?? rawName);
      continue;
    }
    if (params.values.has(name)) {
      if (!params.repeated.includes(name)) params.repeated.push(name);
      continue;
    }
    params.values.set(name, value);
  }
  return params;
}

/** "a=1&b=2" from name/value pairs, encoded as URLSearchParams encodes them. */
export function writeParams(entries: Iterable<[string, string]>): string {
  return new URLSearchParams([...entries]).toString();
}

// ---- inputs in the hash ------------------------------------------------------------------

/**
 * Edited inputs up to this many characters of encoded JSON stay readable in the link (a teacher
 * can read and even hand-edit `#in={"query":[[1,2]],…}`); longer ones are compressed.
 */
const READABLE_LIMIT = 1500;
/** Compressed inputs start with this, which JSON never does. */
const COMPRESSED = 'z.';
/** Refuse links whose inputs would inflate beyond this (a few bytes can inflate to gigabytes). */
const LARGEST_INPUTS = 8 * 1024 * 1024;

/** The value of `in=`: the inputs' JSON, deflated and in base64url when long. */
export function encodeInputs(inputs: unknown): string {
  const json = JSON.stringify(inputs);
  if (encodeURIComponent(json).length <= READABLE_LIMIT) return json;
  const bytes = deflateSync(strToU8(json), { level: 9 });
  return COMPRESSED + bytesToBase64(bytes).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/** The inputs' JSON text from an `in=` value, or an error sentence. */
export function decodeInputs(value: string): { json: string } | { error: string } {
  if (!value.startsWith(COMPRESSED)) return { json: value };
  const base64 = value.slice(COMPRESSED.length);
  if (!/^[A-Za-z0-9_-]*$/.test(base64)) return { error: t('link-inputs-not-base64') };
  try {
    const bytes = base64ToBytes(base64.replaceAll('-', '+').replaceAll('_', '/'));
    const out = inflateSync(bytes, { out: new Uint8Array(LARGEST_INPUTS + 1) });
    if (out.length > LARGEST_INPUTS) return { error: t('link-inputs-too-large', { megabytes: String(LARGEST_INPUTS / 1024 / 1024) }) };
    return { json: strFromU8(out) };
  } catch {
    return { error: t('link-inputs-damaged') };
  }
}
