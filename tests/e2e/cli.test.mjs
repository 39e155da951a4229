// `npx attention-lab export` as a course author runs it: the package packed and
// installed into an empty folder with no network, and its command run there with no cmake,
// Emscripten or bundler, for each format. The HTML file opens from file:// on the walkthrough
// with the engine's numbers; the SCORM zips carry the baked SCO and validate against their
// schemas; a bad walkthrough file or option is one line naming the field, and exit code 1, and so
// is every other user error: a file it cannot read or write, and a walkthrough the page would
// open broken.
import assert from 'node:assert/strict';
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { unzipSync, strFromU8 } from 'fflate';
import { launchBrowser, openPage } from './browser.mjs';
import { promisify } from 'node:util';
import { CHILD_ENV } from '../../scripts/lib/shared-builds.mjs';
import { packAndInstall, ROOT, run } from './pack.mjs';
import { hasXmllint, NO_XMLLINT, validateManifest } from './scorm-support.mjs';

let tmp = '';
let app = '';
/** The instructor's walkthrough: the worked example under another id and title. */
const MINE = { ...JSON.parse(fs.readFileSync(path.join(ROOT, 'web/src/walkthroughs/worked-example.json'), 'utf8')), id: 'my-example', title: 'My own example' };
delete MINE.lesson;

before(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'attention-lab-cli-'));
  app = path.join(tmp, 'course');
  fs.mkdirSync(app);
  fs.writeFileSync(path.join(app, 'package.json'), JSON.stringify({ name: 'course', private: true, type: 'module' }));
  await packAndInstall(tmp, app);
  fs.writeFileSync(path.join(app, 'my.json'), JSON.stringify(MINE, null, 2));
});
after(() => {
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

/** Runs `npx attention-lab …` in the course folder (the installed package's bin, no network). */
const cli = (...args) => run('npx', ['--offline', 'attention-lab', ...args], app);

/** Runs it expecting a failure; returns its exit code and stderr. */
async function failing(...args) {
  try {
    await cli(...args);
  } catch (error) {
    return { code: error.code, stderr: error.stderr };
  }
  assert.fail(`attention-lab ${args.join(' ')} succeeded`);
}

/** A shipped walkthrough as an instructor's file (another id, no lesson), changed by `edit`. */
function writeMine(file, shipped, edit) {
  const walkthrough = { ...JSON.parse(fs.readFileSync(path.join(ROOT, `web/src/walkthroughs/${shipped}.json`), 'utf8')), id: 'mine' };
  delete walkthrough.lesson;
  edit(walkthrough);
  fs.writeFileSync(path.join(app, file), JSON.stringify(walkthrough));
}

/**
 * Runs the installed command expecting a refusal, within a time limit (a command that waits on
 * its input forever fails here rather than hanging the suite); its exit code and stderr.
 */
async function refused(args) {
  const command = path.join(app, 'node_modules/.bin/attention-lab');
  try {
    await promisify(execFile)(command, args, { cwd: app, env: CHILD_ENV, timeout: 20_000, killSignal: 'SIGKILL' });
  } catch (error) {
    return { code: error.code, stderr: error.stderr, killed: error.killed };
  }
  assert.fail(`attention-lab ${args.join(' ')} succeeded`);
}

describe('npx attention-lab export', () => {
  test('the package’s command is one bundled file that starts no other program', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(app, 'node_modules/attention-lab/package.json'), 'utf8'));
    assert.deepEqual(manifest.bin, { 'attention-lab': './dist/attention-lab.mjs' });
    const code = fs.readFileSync(path.join(app, 'node_modules/attention-lab/dist/attention-lab.mjs'), 'utf8');
    assert.match(code, /^#!\/usr\/bin\/env node\n/);
    assert.doesNotMatch(code, /child_process|from ["'](?!node:|module)/, 'imports nothing but Node’s own modules');
  });

  test('--format html writes one file that opens from file:// on the walkthrough with the engine’s numbers', async () => {
    const { stdout } = await cli('export', '--walkthrough', 'my.json', '--format', 'html', '--step', 'softmax', '--hide', 'prose');
    assert.match(stdout, /^attention-lab-my-example\.html: \d+\.\d KB$/m);
    const browser = await launchBrowser();
    try {
      const { page, problems } = await openPage(browser.context, pathToFileURL(path.join(app, 'attention-lab-my-example.html')).href);
      assert.equal(await page.locator('#walkthrough-title').textContent(), 'My own example');
      assert.equal(await page.locator('#step-list button[aria-current="step"]').getAttribute('data-step'), 'softmax');
      assert.deepEqual(await page.locator('figure[data-panel="weights"] td[data-row]').allTextContents(), ['0.140', '0.284', '0.576']);
      assert.equal(await page.locator('.attention-lab.hide-prose').count(), 1);
      assert.deepEqual(problems, []);
    } finally {
      await browser.close();
    }
  });

  test('the file of a lesson that reads the language model carries it and opens on it from file://; a file of another lesson says it does not', async () => {
    await cli('export', '--walkthrough', 'model-reads-a-sentence', '--format', 'html', '--step', 'words');
    await cli('export', '--walkthrough', 'worked-example', '--format', 'html');
    const browser = await launchBrowser();
    try {
      const { page, problems } = await openPage(browser.context, pathToFileURL(path.join(app, 'attention-lab-model-reads-a-sentence.html')).href);
      assert.equal(await page.locator('#step-list button[aria-current="step"]').getAttribute('data-step'), 'words');
      const words = page.locator('figure[data-panel="head-1-words"] tbody th');
      await words.first().waitFor();
      assert.deepEqual(await words.allTextContents(), ['Ask', 'Valdomir', 'if', 'Valdomir', 'will', 'come.']);
      assert.deepEqual(problems, []);
      const other = await openPage(browser.context, `${pathToFileURL(path.join(app, 'attention-lab-worked-example.html')).href}?w=model-reads-a-sentence`, { ready: '.notice' });
      await other.page.locator('.notice', { hasText: 'This offline file does not carry the language model this walkthrough reads' }).waitFor();
    } finally {
      await browser.close();
    }
  });

  for (const [format, walkthrough, name] of [['scorm12', 'my.json', 'attention-lab-my-example.zip'], ['scorm2004', 'worked-example-practice', 'attention-lab-worked-example-practice-scorm2004.zip']]) {
    test(`--format ${format} writes a package whose manifest validates and whose SCO has the lesson baked in`, { skip: hasXmllint ? false : NO_XMLLINT }, async () => {
      const out = path.join('packages', name);
      await cli('export', '--walkthrough', walkthrough, '--format', format, '--embed', '--mastery', '75', '--out', out);
      const files = unzipSync(new Uint8Array(fs.readFileSync(path.join(app, out))));
      const xml = validateManifest(files, path.join(tmp, `unpacked-${format}`));
      assert.match(xml, /href="attention-lab\.html"/);
      const baked = /<script type="application\/json" id="attention-lab-package">([^<]*)<\/script>/.exec(strFromU8(files['attention-lab.html']))?.[1];
      const { link, scorm } = JSON.parse(baked ?? 'null');
      assert.deepEqual(scorm, { version: format === 'scorm12' ? '1.2' : '2004', mastery: 75 });
      const id = walkthrough === 'my.json' ? 'my-example' : walkthrough;
      assert.equal(new URLSearchParams(link.split('#')[0]).get('w'), id);
      assert.equal(new URLSearchParams(link.split('#')[0]).get('embed'), '1');
      // An instructor's walkthrough travels in the link; a shipped one is known by its id.
      assert.equal(new URLSearchParams(link.split('#')[1] ?? '').has('walkthrough'), walkthrough === 'my.json');
      if (format === 'scorm2004') assert.match(xml, /<imsss:minNormalizedMeasure>0\.75<\/imsss:minNormalizedMeasure>/);
    });
  }

  test('a bad walkthrough file is refused with the field named, and exit code 1', async () => {
    const bad = structuredClone(MINE);
    bad.inputs.key[1] = [0, 1, 2];
    fs.writeFileSync(path.join(app, 'bad.json'), JSON.stringify(bad));
    const { code, stderr } = await failing('export', '--walkthrough', 'bad.json', '--format', 'html', '--out', 'bad.html');
    assert.equal(code, 1);
    assert.match(stderr, /^attention-lab: bad\.json: inputs\.key\[1\]: expected 2 numbers/m);
    assert.ok(!fs.existsSync(path.join(app, 'bad.html')), 'nothing written');
  });

  test('bad options are one line each, naming the option, and exit code 1', async () => {
    const cases = [
      [['export', '--walkthrough', 'my.json', '--format', 'pdf'], /^attention-lab: --format: expected html, scorm12, scorm2004 or h5p, got “pdf”$/m],
      [['export', '--walkthrough', 'missing.json', '--format', 'html'], /^attention-lab: --walkthrough: cannot read missing\.json \(ENOENT\)$/m],
      [['export', '--walkthrough', 'my.json', '--format', 'html', '--hide', 'everything'], /^attention-lab: --hide: “everything” is not a part of the page/m],
      [['export', '--walkthrough', 'my.json', '--format', 'scorm12', '--mastery', '120'], /^attention-lab: --mastery: expected a whole percent from 0 to 100, got “120”$/m],
      [['export', '--format', 'html'], /^attention-lab: --walkthrough: expected a walkthrough JSON file/m],
      [['publish'], /^attention-lab: expected the command export, got “publish”/m],
    ];
    // The installed command itself: npx, which finds it, is run by the other tests.
    for (const [args, message] of cases) {
      const { code, stderr } = await refused(args);
      assert.equal(code, 1, args.join(' '));
      assert.match(stderr, message);
    }
    assert.match((await cli('--help')).stdout, /^Usage: attention-lab export --walkthrough/);
  });

  test('every user error is one line naming the argument, exit code 1, with no stack trace, and writes nothing', async () => {
    fs.mkdirSync(path.join(app, 'a-folder'), { recursive: true });
    execFileSync('mkfifo', [path.join(app, 'a-pipe.json')]);
    // 700 MB that take no room on disk: refused by its size before a byte is read.
    fs.closeSync(fs.openSync(path.join(app, 'huge.json'), 'w'));
    fs.truncateSync(path.join(app, 'huge.json'), 700 * 2 ** 20);
    writeMine('global-twice.json', 'linear-and-sparse', (w) => { w.inputs.globalTokens = [1, 1]; });
    writeMine('random-keys.json', 'linear-and-sparse', (w) => { w.inputs.randomPerRow = 20; });
    writeMine('pick-elsewhere.json', 'linear-and-sparse', (w) => {
      w.exercises = [{ id: 'pick', type: 'pick-cell', title: 'Pick', prompt: 'Which?', step: 'window', panel: 'full-weights', rule: 'max' }];
    });
    writeMine('cell-outside.json', 'linear-and-sparse', (w) => { w.exercises[0].row = 12; });
    const html = ['--format', 'html'];
    const cases = [
      [['--walkthrough', 'my.json', ...html, '--out', 'a-folder'], /^--out: expected a file to write, got a folder \(a-folder\)$/],
      [['--walkthrough', 'my.json', ...html, '--out', 'new-folder/'], /^--out: expected a file to write, got a folder \(new-folder\/\)$/],
      [['--walkthrough', 'my.json', ...html, '--out', 'my.json/lesson.html'], /^--out: cannot write my\.json\/lesson\.html \(ENOTDIR\)$/],
      [['--walkthrough', 'my.json', ...html, '--out', '/proc/attention-lab.html'], /^--out: cannot write \/proc\/attention-lab\.html \((ENOENT|EACCES)\)$/],
      [['--walkthrough', 'my.json', ...html, '--out', '/proc/no-such-folder/attention-lab.html'], /^--out: cannot write \/proc\/no-such-folder\/attention-lab\.html \((ENOENT|EACCES)\)$/],
      [['--walkthrough', 'my.json', ...html, '--out', '/dev/full'], /^--out: cannot write \/dev\/full \(ENOSPC\)$/],
      [['--walkthrough', 'my.json', ...html, '--out', ''], /^--out: expected the name of a file to write, got an empty one$/],
      [['--walkthrough', 'my.json', ...html, '--out'], /^--out: expected a value$/],
      [['--walkthrough', '/dev/zero', ...html], /^--walkthrough: expected a walkthrough JSON file, got a character device \(\/dev\/zero\)$/],
      [['--walkthrough', 'a-pipe.json', ...html], /^--walkthrough: expected a walkthrough JSON file, got a named pipe \(a-pipe\.json\)$/],
      [['--walkthrough', 'a-folder', ...html], /^--walkthrough: expected a walkthrough JSON file, got a folder \(a-folder\)$/],
      [['--walkthrough', 'huge.json', ...html], /^--walkthrough: expected a file of at most 1000000 bytes \(a walkthrough is far smaller\), got 734003200 bytes \(huge\.json\)$/],
      [['--walkthrough', 'my.json', ...html, '--pdf'], /^--pdf: not an option of export/],
      [['--walkthrough', 'my.json', ...html, '--embed=yes'], /^--embed: takes no value$/],
      [['--walkthrough', 'global-twice.json', ...html], /^global-twice\.json: The engine refused these inputs: .*expected/],
      [['--walkthrough', 'random-keys.json', ...html], /^random-keys\.json: The engine refused these inputs: .*expected/],
      [['--walkthrough', 'pick-elsewhere.json', ...html], /^pick-elsewhere\.json: This walkthrough’s exercises cannot be shown: exercises\[0\]\.panel: expected a matrix of step "window"/],
      [['--walkthrough', 'cell-outside.json', ...html], /^cell-outside\.json: This walkthrough’s exercises cannot be shown: exercises\[0\]\.row: expected a row of window-weights, 0 to 11, got 12/],
      [['--walkthrough', 'my.json', ...html, '--step', 'no-such-step'], /^--step: expected a step of “my-example” \(inputs, .*\), got “no-such-step”$/],
      [['--walkthrough', 'causal-mask', ...html, '--step', 'nope'], /^--step: expected a step of “causal-mask” \(.*\), got “nope”$/],
    ];
    const before = new Set(fs.readdirSync(app));
    for (const [args, message] of cases) {
      const { code, stderr, killed } = await refused(['export', ...args]);
      const said = `attention-lab export ${args.join(' ')}`;
      assert.ok(!killed, `${said}: still running after 20 s`);
      assert.equal(code, 1, `${said}: exit code\n${stderr}`);
      const lines = stderr.split('\n').filter(Boolean);
      assert.equal(lines.length, 1, `${said}: one line\n${stderr}`);
      assert.match(lines[0], /^attention-lab: /, said);
      assert.match(lines[0].slice('attention-lab: '.length), message, said);
    }
    assert.deepEqual(fs.readdirSync(app).filter((name) => !before.has(name)), [], 'nothing written');
    assert.deepEqual(fs.readdirSync(path.join(app, 'a-folder')), []);
  });
});
