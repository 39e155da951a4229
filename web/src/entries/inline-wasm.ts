// The engine's .wasm for the entries that must work without a server (the offline single file,
// the SCORM package): Vite inlines it at build time as a base64 data: URL (`?url&inline`; a plain
// `?inline` does not load a .wasm in Vite 8), and it is decoded here into the bytes the façade
// takes as `wasmBinary`, so the engine never fetches.
import wasmDataUrl from '../../lib/wasm/attention-core.wasm?url&inline';

/** The engine's .wasm bytes, decoded from the build's inlined copy. */
export function inlinedWasm(): Uint8Array {
  const binary = atob(wasmDataUrl.slice(wasmDataUrl.indexOf(',') + 1));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
