// The two commands that write offline lessons read their flags with Node's util.parseArgs
// (scripts/cli/args.mjs): `attention-lab export` (scripts/cli/export.mjs, bundled in memory here
// as the package bundles it) and `npm run build:scorm` (scripts/offline/scorm-package.mjs). Every
// mistake is one sentence naming the flag. A walkthrough the page would open broken is refused:
// the export opens it with the page's own session and the engine first.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';
import { OWN_VIEW_KINDS, SHIPPED } from '../support/shipped-walkthroughs.mjs';
import { readFlags } from '../../scripts/cli/args.mjs';
import { importBundled, ROOT } from '../../scripts/offline/single-file.mjs';
import { DEFAULT_WALKTHROUGH, parseScormArgs, SCORM_DIR } from '../../scripts/offline/scorm-package.mjs';

const cli = await importBundled(path.join(ROOT, 'scripts', 'cli', 'export.mjs'));
const lab = await loadAttentionLab();

describe('readFlags', () => {
  const options = { out: { type: 'string' }, embed: { type: 'boolean' } };
  const unknown = (flag) => `${flag}: not an option`;
  test('reads values and switches, the last of a repeated flag winning', () => {
    assert.deepEqual({ ...readFlags(['--out', 'a', '--embed', '--out=b'], options, unknown) }, { out: 'b', embed: true });
  });
  test('names the flag in every mistake', () => {
    for (const [args, message] of [
      [['--out'], '--out: expected a value'],
      [['--out', '--embed'], '--out: expected a value'],
      [['--embed=yes'], '--embed: takes no value'],
      [['--nope'], '--nope: not an option'],
      [['stray'], 'stray: not an option'],
    ]) assert.throws(() => readFlags(args, options, unknown), { message }, args.join(' '));
  });
});

describe('attention-lab export', () => {
  test('reads its options, with the defaults', () => {
    assert.deepEqual(cli.parseExportArgs(['--walkthrough', 'my.json', '--format', 'scorm12', '--embed', '--hide', 'prose', '--mastery', '70']),
      { walkthrough: 'my.json', format: 'scorm12', embed: true, hide: 'prose', exam: false, mastery: 70, lang: 'en' });
    assert.deepEqual(cli.parseExportArgs(['--format', 'html', '--walkthrough', 'x', '--out', 'o.html', '--step', 'softmax', '--exam']),
      { walkthrough: 'x', format: 'html', out: 'o.html', step: 'softmax', embed: false, hide: '', exam: true, mastery: 80, lang: 'en' });
  });
  test('refuses a mistake in one sentence naming the flag, as a UsageError', () => {
    for (const [args, message] of [
      [['--walkthrough'], '--walkthrough: expected a value'],
      [['--walkthrough', '--format', 'html'], '--walkthrough: expected a value'],
      [['--walkthrough', 'x', '--format', 'html', '--exam=1'], '--exam: takes no value'],
      [['--walkthrough', 'x', '--pdf'], '--pdf: not an option of export (see attention-lab export --help)'],
      [['--walkthrough', 'x', '--format', 'html', '--mastery', '120'], '--mastery: expected a whole percent from 0 to 100, got “120”'],
      [['--format', 'html'], '--walkthrough: expected a walkthrough JSON file or a shipped walkthrough’s id'],
      [['--walkthrough', 'x', '--format', 'pdf'], '--format: expected html, scorm12, scorm2004 or h5p, got “pdf”'],
      [['--walkthrough', 'x', '--format', 'html', '--lang', 'fr'], '--lang: expected en or es, got “fr”'],
      [['--walkthrough', 'x', '--format', 'html', '--out', ''], '--out: expected the name of a file to write, got an empty one'],
    ]) assert.throws(() => cli.parseExportArgs(args), (error) => error instanceof cli.UsageError && error.message === message, args.join(' '));
  });

  test('the file of a lesson that reads the language model carries the model file, read only then', async () => {
    const template = '<!doctype html><html><head><title>Attention Lab</title><script type="application/json" id="attention-lab-package">null</script><script type="application/octet-stream" id="attention-lab-language-model"></script></head><body></body></html>';
    const model = new Uint8Array(readFileSync(path.join(ROOT, 'web', 'lib', 'models', 'shakespeare.bin')));
    let reads = 0;
    const readModel = () => { reads += 1; return model; };
    const block = (/** @type {Uint8Array} */ bytes) => /id="attention-lab-language-model">([^<]*)</.exec(new TextDecoder().decode(bytes))?.[1];
    const sentence = await cli.exportOffline(template, cli.parseExportArgs(['--walkthrough', 'model-reads-a-sentence', '--format', 'html']), undefined, lab, readModel);
    assert.equal(Buffer.from(block(sentence.bytes) ?? '', 'base64').equals(Buffer.from(model)), true);
    const masked = await cli.exportOffline(template, cli.parseExportArgs(['--walkthrough', 'causal-mask', '--format', 'html']), undefined, lab, readModel);
    assert.equal(block(masked.bytes), '');
    assert.equal(reads, 1, 'the model is read for the lesson that reads it only');
  });

  test('--lang es: the link opens the page in Spanish, and a shipped walkthrough’s file and manifest have its Spanish title', async () => {
    const { strFromU8, unzipSync } = await import('fflate');
    const template = '<!doctype html><html><head><title>Attention Lab</title></head><body><script type="application/json" id="attention-lab-package">null</script></body></html>';
    const read = async (args, edit = (options) => options) => {
      const file = await cli.exportOffline(template, edit(cli.parseExportArgs(args)), undefined, lab);
      const files = unzipSync(file.bytes);
      const html = strFromU8(files['attention-lab.html']);
      const { link } = JSON.parse(/<script type="application\/json" id="attention-lab-package">([^<]*)<\/script>/.exec(html)?.[1] ?? 'null');
      return { link: new URLSearchParams(link.split('#')[0]), html, manifest: strFromU8(files['imsmanifest.xml']) };
    };
    const spanish = await read(['--walkthrough', 'causal-mask', '--format', 'scorm12', '--lang', 'es', '--step', 'mask']);
    assert.equal(spanish.link.get('lang'), 'es');
    assert.equal(spanish.link.get('step'), 'mask');
    assert.match(spanish.html, /<title>Attention Lab: Máscara causal: sin mirar hacia delante<\/title>/);
    assert.match(spanish.manifest, /Máscara causal: sin mirar hacia delante/);
    const english = await read(['--walkthrough', 'causal-mask', '--format', 'scorm12']);
    assert.equal(english.link.get('lang'), null, 'English, the default, is not written');
    assert.match(english.manifest, /Causal mask/);
    // build:scorm and the tests call it without a language: English, and no lang=undefined in the link.
    const unsaid = await read(['--walkthrough', 'causal-mask', '--format', 'scorm12'], ({ lang, ...options }) => options);
    assert.equal(unsaid.link.get('lang'), null);
    assert.match(unsaid.manifest, /Causal mask/);
  });
});

describe('attention-lab export opens the walkthrough as the page would, and refuses what would open broken', () => {
  const TEMPLATE = '<!doctype html><html><head><title>Attention Lab</title></head><body><script type="application/json" id="attention-lab-package">null</script></body></html>';
  /** A shipped walkthrough under an id of its own, changed by `edit`, as an instructor's file. */
  const mine = (id, edit) => {
    const walkthrough = { ...structuredClone(SHIPPED.get(id)), id: 'mine' };
    delete walkthrough.lesson;
    edit(walkthrough);
    return JSON.stringify(walkthrough);
  };
  const exported = (text, ...args) => cli.exportOffline(TEMPLATE, cli.parseExportArgs(['--walkthrough', 'mine.json', '--format', 'html', ...args]), text, lab);

  test('a walkthrough that opens is exported, at a step it has', async () => {
    const file = await exported(mine('linear-and-sparse', () => undefined), '--step', 'window');
    assert.equal(file.name, 'attention-lab-mine.html');
    const shipped = await cli.exportOffline(TEMPLATE, cli.parseExportArgs(['--walkthrough', 'causal-mask', '--format', 'html', '--step', 'mask']), undefined, lab);
    assert.equal(shipped.name, 'attention-lab-causal-mask.html');
  });

  test('a copy of a shipped walkthrough that kept its id is exported under one of its own, and the command says so', async () => {
    const copy = JSON.stringify({ ...structuredClone(SHIPPED.get('causal-mask')), title: 'My mask' });
    const file = await exported(copy);
    assert.equal(file.name, 'attention-lab-causal-mask-copy.html');
    assert.deepEqual(file.notes, ['mine.json: its id “causal-mask” is a shipped walkthrough’s; exported as “causal-mask-copy”']);
    assert.deepEqual((await exported(mine('causal-mask', () => undefined))).notes, []);
  });

  for (const [name, text, args, message] of [
    ['duplicate global tokens', mine('linear-and-sparse', (w) => { w.inputs.globalTokens = [1, 1]; }), [],
      /^mine\.json: The engine refused these inputs: [^\n]*global[^\n]*expected/],
    ['more random keys than a row has', mine('linear-and-sparse', (w) => { w.inputs.randomPerRow = 20; }), [],
      /^mine\.json: The engine refused these inputs: [^\n]*expected/],
    ['a pick-the-cell exercise on a panel its step lacks', mine('linear-and-sparse', (w) => {
      w.exercises = [{ id: 'pick', type: 'pick-cell', title: 'Pick', prompt: 'Which?', step: 'window', panel: 'full-weights', rule: 'max' }];
    }), [], /^mine\.json: This walkthrough’s exercises cannot be shown: exercises\[0\]\.panel: expected a matrix of step "window" \([^)]*\), got "full-weights"/],
    ['a value cell out of range', mine('linear-and-sparse', (w) => { w.exercises[0].row = 12; }), [],
      /^mine\.json: This walkthrough’s exercises cannot be shown: exercises\[0\]\.row: expected a row of window-weights, 0 to 11, got 12/],
    ['a --step the walkthrough does not have', mine('linear-and-sparse', () => undefined), ['--step', 'softmax'],
      /^--step: expected a step of “mine” \(inputs, [^)]*window[^)]*\), got “softmax”$/],
  ]) {
    test(`refuses ${name}, in one line naming the argument`, async () => {
      await assert.rejects(exported(text, ...args), (error) => {
        assert.ok(error instanceof cli.UsageError, String(error));
        assert.match(error.message, message);
        assert.doesNotMatch(error.message, /\n/);
        return true;
      });
    });
  }

  test('refuses a --step a shipped walkthrough does not have, naming --step; one drawn by a view of its own has no steps', async () => {
    const shipped = (...args) => cli.exportOffline(TEMPLATE, cli.parseExportArgs(['--format', 'html', '--walkthrough', ...args]), undefined, lab);
    await assert.rejects(shipped('causal-mask', '--step', 'nope'), { message: /^--step: expected a step of “causal-mask” \(.*\), got “nope”$/ });
    const [id] = [...SHIPPED].find(([, w]) => OWN_VIEW_KINDS.has(w.kind));
    assert.equal((await shipped(id)).name, `attention-lab-${id}.html`);
    await assert.rejects(shipped(id, '--step', 'inputs'), { message: `--step: expected no step (“${id}” is drawn by a view of its own, which has none), got “inputs”` });
  });
});

describe('npm run build:scorm', () => {
  test('reads its options, with the defaults', () => {
    assert.deepEqual(parseScormArgs([]), { walkthrough: DEFAULT_WALKTHROUGH, embed: false, hide: [], outDir: SCORM_DIR, mastery: 80, scorm: '1.2' });
    assert.deepEqual(parseScormArgs(['--walkthrough', 'masks', '--embed', '--hide', 'prose, steps', '--out', 'zips', '--mastery', '60', '--scorm', '2004']),
      { walkthrough: 'masks', embed: true, hide: ['prose', 'steps'], outDir: path.resolve('zips'), mastery: 60, scorm: '2004' });
  });
  test('refuses a mistake naming the flag', () => {
    assert.throws(() => parseScormArgs(['--scorm']), { message: '--scorm: expected a value' });
    assert.throws(() => parseScormArgs(['--zip']), { message: '--zip: expected --walkthrough ID, --embed, --hide PARTS, --mastery PERCENT, --scorm 1.2|2004 or --out DIR' });
  });
});
