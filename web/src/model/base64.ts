// Bytes as base64 text and back, for what travels inside text: a link's deflated inputs
// (state/link-parts.ts, in the URL-safe alphabet), the engine and the language model inside an
// offline file (entries/offline-template.ts, embed/baked-package.ts).

/** `bytes` in standard base64, a slice at a time (spreading a megabyte into one call would overflow the argument list). */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary);
}

/** The bytes of standard base64 `text`; throws (atob's DOMException) on text that is not base64. */
export function base64ToBytes(text: string): Uint8Array {
  const binary = atob(text);
  // A plain loop: an offline file decodes its engine (1.5 MB of text) this way as it starts.
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
