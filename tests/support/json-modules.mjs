/**
 * Lets the compiled page modules in build/unit/ import JSON as the page's bundler does
 * (`import data from './x.json'`): Node 20 refuses a JSON import without `with { type: 'json' }`,
 * which TypeScript does not write. Import this module before importCompiled() of a module that
 * reads the walkthrough files (model/walkthroughs.ts and whatever imports it).
 */
import { register } from 'node:module';

const hooks = `
export async function load(url, context, next) {
  if (url.endsWith('.json')) return next(url, { ...context, importAttributes: { ...context.importAttributes, type: 'json' } });
  return next(url, context);
}`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`);
