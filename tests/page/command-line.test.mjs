// The two commands that write offline lessons read their flags with Node's util.parseArgs
// (scripts/cli/args.mjs): `attention-lab export` (scripts/cli/export.mjs, bundled in memory here
// as the package bundles it) and `npm run build:scorm` (scripts/offline/scorm-package.mjs). Every
// mistake is one sentence naming the flag.
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';

import { readFlags } from '../../scripts/cli/args.mjs';
import { importBundled, ROOT } from '../../scripts/offline/single-file.mjs';
import { DEFAULT_WALKTHROUGH, parseScormArgs, SCORM_DIR } from '../../scripts/offline/scorm-package.mjs';

const cli = await importBundled(path.join(ROOT, 'scripts', 'cli', 'export.mjs'));

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
      [['--walkthrough', 'x', '--format', 'pdf'], '--format: expected html, scorm12 or scorm2004, got “pdf”'],
      [['--walkthrough', 'x', '--format', 'html', '--lang', 'fr'], '--lang: expected en or es, got “fr”'],
    ]) assert.throws(() => cli.parseExportArgs(args), (error) => error instanceof cli.UsageError && error.message === message, args.join(' '));
  });

  test('--lang es: the link opens the page in Spanish, and a shipped walkthrough’s file and manifest have its Spanish title', async () => {
    const { strFromU8, unzipSync } = await import('fflate');
    const template = '<!doctype html><html><head><title>Attention Lab</title></head><body><script type="application/json" id="attention-lab-package">null</script></body></html>';
    const read = (args, edit = (options) => options) => {
      const file = cli.exportOffline(template, edit(cli.parseExportArgs(args)), undefined);
      const files = unzipSync(file.bytes);
      const html = strFromU8(files['attention-lab.html']);
      const { link } = JSON.parse(/<script type="application\/json" id="attention-lab-package">([^<]*)<\/script>/.exec(html)?.[1] ?? 'null');
      return { link: new URLSearchParams(link.split('#')[0]), html, manifest: strFromU8(files['imsmanifest.xml']) };
    };
    const spanish = read(['--walkthrough', 'causal-mask', '--format', 'scorm12', '--lang', 'es', '--step', 'mask']);
    assert.equal(spanish.link.get('lang'), 'es');
    assert.equal(spanish.link.get('step'), 'mask');
    assert.match(spanish.html, /<title>Attention Lab: Máscara causal: sin mirar hacia delante<\/title>/);
    assert.match(spanish.manifest, /Máscara causal: sin mirar hacia delante/);
    const english = read(['--walkthrough', 'causal-mask', '--format', 'scorm12']);
    assert.equal(english.link.get('lang'), null, 'English, the default, is not written');
    assert.match(english.manifest, /Causal mask/);
    // build:scorm and the tests call it without a language: English, and no lang=undefined in the link.
    const unsaid = read(['--walkthrough', 'causal-mask', '--format', 'scorm12'], ({ lang, ...options }) => options);
    assert.equal(unsaid.link.get('lang'), null);
    assert.match(unsaid.manifest, /Causal mask/);
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
