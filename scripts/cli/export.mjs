/**
 * `attention-lab export`, the part that needs no file system: reads the command line, finds or
 * validates the walkthrough with the page's own rules, opens it as the page would (opening.mjs),
 * and bakes the offline template into the file. Bundled with the page's modules it imports
 * (TypeScript) by scripts/cli/build.mjs into the npm package's dist/attention-lab.mjs, and in
 * memory by scripts/offline/scorm-package.mjs.
 */
import { embedParams, readEmbedOptions } from '../../web/src/state/embed-options.ts';
import { DEFAULT_MASTERY, FORMAT_NAMES, OFFLINE_FORMATS, offlineFile, readsLanguageModel } from '../../web/src/embed/offline-package.ts';
import { parseOwnFile } from '../../web/src/authoring/load-walkthrough.ts';
import { WALKTHROUGHS } from '../../web/src/model/walkthroughs.ts';
import { LANGUAGES } from '../../web/src/i18n/languages.ts';
import { translatedWalkthrough } from '../../web/src/model/lesson-text.ts';
import SPANISH from '../../web/src/i18n/lessons/es.json';
import { readFlags } from './args.mjs';
import { openingProblem } from './opening.mjs';

export { offlineFileName, OFFLINE_FORMATS } from '../../web/src/embed/offline-package.ts';
export { MAX_JSON_LENGTH } from '../../web/src/authoring/validate-walkthrough.ts';

export const USAGE = `Usage: attention-lab export --walkthrough FILE.json|ID --format html|scorm12|scorm2004|h5p [options]

Writes the lesson as one HTML file that opens with no server, as a SCORM 1.2 or 2004 package
(a zip for an LMS), or as an H5P package (.h5p, for Moodle, WordPress, Drupal and other H5P
hosts), with the engine inside: no build tools needed.

  --walkthrough  your walkthrough's JSON file (docs/walkthrough-format.md), or the id of a
                 shipped one (${[...WALKTHROUGHS.keys()].sort().slice(0, 3).join(', ')}, …)
  --format       html, scorm12, scorm2004 or h5p
  --out          the file to write (default: attention-lab-<id>.html, .zip, -scorm2004.zip
                 or .h5p in the current folder)
  --step         the step it opens on (default: the first)
  --embed        the compact layout for a frame (no site header, no Embed button)
  --hide         parts to hide, comma-separated: as a link's hide= (prose, steps, editors, …)
  --exam         exam mode: one answer per exercise, recorded without feedback
  --mastery      percent of the exercises right that passes (SCORM, H5P; 0 … 100, default ${DEFAULT_MASTERY})
  --lang         the language the lesson speaks: ${Object.entries(LANGUAGES).map(([tag, name]) => `${tag} (${name})`).join(', ')};
                 default en. A shipped walkthrough's title, texts and exercises are in it too;
                 your own walkthrough's words stay as you wrote them`;

/** The lessons' words in each language other than English (web/src/i18n/lessons/). */
const LESSON_WORDS = { es: SPANISH };

/** A mistake in the command line or the walkthrough: the CLI prints its message and exits with 1. */
export class UsageError extends Error {}

/**
 * Reads the arguments after `export`.
 * @param {string[]} argv
 * @returns {{ walkthrough: string, format: string, out?: string, step?: string, embed: boolean, hide: string, exam: boolean, mastery: number, lang: string }}
 */
export function parseExportArgs(argv) {
  const flags = readFlags(argv, {
    walkthrough: { type: 'string', default: '' },
    format: { type: 'string', default: '' },
    out: { type: 'string' },
    step: { type: 'string' },
    embed: { type: 'boolean', default: false },
    hide: { type: 'string', default: '' },
    exam: { type: 'boolean', default: false },
    mastery: { type: 'string' },
    lang: { type: 'string', default: 'en' },
  }, (arg) => `${arg}: not an option of export (see attention-lab export --help)`, UsageError);
  const { mastery = String(DEFAULT_MASTERY), ...rest } = flags;
  const options = { ...rest, mastery: /^\d{1,3}$/.test(mastery) ? Number(mastery) : NaN };
  if (!(options.mastery <= 100)) throw new UsageError(`--mastery: expected a whole percent from 0 to 100, got “${mastery}”`);
  if (!options.walkthrough) throw new UsageError('--walkthrough: expected a walkthrough JSON file or a shipped walkthrough’s id');
  if (!Object.hasOwn(OFFLINE_FORMATS, options.format)) throw new UsageError(`--format: expected ${FORMAT_NAMES}, got “${options.format}”`);
  if (!Object.hasOwn(LANGUAGES, options.lang)) throw new UsageError(`--lang: expected ${Object.keys(LANGUAGES).join(' or ')}, got “${options.lang}”`);
  if (options.out !== undefined && options.out.trim() === '') throw new UsageError('--out: expected the name of a file to write, got an empty one');
  if (options.step !== undefined && !/^[a-z0-9-]{1,40}$/.test(options.step)) throw new UsageError(`--step: expected a step id such as softmax, got “${options.step}”`);
  return options;
}

/** Whether --walkthrough names a shipped walkthrough rather than a file. */
export const isShippedId = (name) => WALKTHROUGHS.has(name);

/**
 * The file for these options, once the walkthrough opens in the page at the step asked for (every
 * step built by the engine, every exercise placed); a UsageError naming what stops it otherwise.
 * @param {string} made the text of the file the format is made from (OFFLINE_FORMATS: the offline template, the H5P library's script)
 * @param {ReturnType<typeof parseExportArgs>} options
 * @param {string | undefined} text the walkthrough file's text, or undefined for a shipped id
 * @param {import('../../web/lib/index.js').AttentionLab} lab the full engine
 * @param {() => Uint8Array} readModel the lessons' language model file, read only for a walkthrough that reads it
 * @returns {Promise<{ name: string, type: string, bytes: Uint8Array, notes: string[] }>} the file, and what to say beside it
 */
export async function exportOffline(made, options, text, lab, readModel) {
  let walkthrough = WALKTHROUGHS.get(options.walkthrough);
  /** What the command says beside the file (a copy of a shipped walkthrough renamed). */
  const notes = [];
  if (text !== undefined) {
    // A copy of a shipped walkthrough keeps its id: it gets one of its own, and the command says which.
    const { parsed, renamed } = parseOwnFile(text);
    if (renamed) notes.push(`${options.walkthrough}: its id “${renamed.from}” is a shipped walkthrough’s; exported as “${renamed.to}”`);
    if ('error' in parsed) throw new UsageError(`${options.walkthrough}: ${parsed.error}`);
    walkthrough = parsed.walkthrough;
  }
  if (!walkthrough) throw new UsageError(`--walkthrough: expected a JSON file or one of ${[...WALKTHROUGHS.keys()].sort().join(', ')}, got “${options.walkthrough}”`);
  // The file's own title (its <title>, the SCORM manifest) in the language; the page it opens reads `lang` from its link.
  // Callers other than the command (build:scorm, the tests) may leave the language out: English.
  const lang = options.lang ?? 'en';
  if (text === undefined) walkthrough = translatedWalkthrough(walkthrough, LESSON_WORDS[lang]?.walkthroughs[walkthrough.id]);
  const { options: embed, notices } = readEmbedOptions(options.embed ? '1' : null, options.hide, options.exam ? 'exam' : null);
  if (notices.length > 0) throw new UsageError(`--${notices[0]}`);
  const source = text === undefined ? '--walkthrough' : options.walkthrough;
  // Read once, by the opening check and the file alike, and only for a lesson that reads it.
  /** @type {Uint8Array | undefined} */
  let modelBytes;
  const model = () => (modelBytes ??= readModel());
  const problem = await openingProblem(walkthrough, { source, step: options.step, exam: embed.exam }, lab, model);
  if (problem) throw new UsageError(problem);
  const query = new URLSearchParams([...(options.step ? [['step', options.step]] : []), ...embedParams(embed), ...(lang === 'en' ? [] : [['lang', lang]])]);
  const file = offlineFile(made, {
    format: options.format,
    walkthrough,
    shipped: text === undefined,
    link: `?${query}`,
    mastery: options.mastery,
    ...(readsLanguageModel(walkthrough) ? { languageModel: model() } : {}),
  });
  return { ...file, notes };
}
