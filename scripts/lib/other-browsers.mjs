// The two browsers besides Chromium that the end-to-end tests run the page's core flows in:
// Debian's Firefox ESR, driven over WebDriver BiDi by puppeteer-core (no geckodriver needed:
// Firefox speaks BiDi itself), and WebKitGTK's MiniBrowser, driven over classic WebDriver by
// selenium-webdriver through Debian's WebKitWebDriver, on a virtual X display (xvfb-run)
// because MiniBrowser has no headless mode. Both are wrapped in the same small interface —
// open a URL, run a script in the page, close — so a test is written once for both; the
// Chromium tests keep playwright-core (scripts/lib/browser.mjs).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

import { commandWorks } from './commands.mjs';

/**
 * @typedef {object} Driven
 * @property {string} name  'firefox' | 'webkit'
 * @property {string} version  the browser's own version string
 * @property {(url: string) => Promise<void>} goto  navigates and waits for the load event
 * @property {<T>(body: string) => Promise<T>} run  runs `body` as an async function's body in
 *   the page and resolves with what it returns (JSON-serialisable values only)
 * @property {() => Promise<void>} close
 */

const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver';

/** Where MiniBrowser lives in Debian's libwebkit2gtk-4.1 (4.0 on older releases). */
function miniBrowser() {
  const candidates = ['webkit2gtk-4.1', 'webkit2gtk-4.0'].map((dir) => `/usr/lib/${os.arch() === 'arm64' ? 'aarch64' : 'x86_64'}-linux-gnu/${dir}/MiniBrowser`);
  return candidates.find((file) => fs.existsSync(file));
}


/**
 * Why a browser cannot run here (undefined when it can): the tests report it as a skip with
 * this reason, and scripts/setup.sh installs the packages on a Debian machine.
 * @param {'firefox' | 'webkit'} name
 */
export function unavailable(name) {
  if (name === 'firefox') return fs.existsSync(FIREFOX) ? undefined : `${FIREFOX} not found (Debian package firefox-esr)`;
  if (!fs.existsSync(WEBKIT_DRIVER)) return `${WEBKIT_DRIVER} not found (Debian package webkit2gtk-driver)`;
  if (!miniBrowser()) return 'MiniBrowser not found (Debian package libwebkit2gtk-4.1-0)';
  if (!commandWorks('sh', ['-c', 'command -v xvfb-run && command -v xauth'])) return 'xvfb-run or xauth not found (Debian packages xvfb, xauth)';
  return undefined;
}

/** Wraps the page script so both drivers run it the same way and errors come back as text. */
const wrap = (body) => `return (async () => { ${body} })().then((value) => ({ ok: true, value }), (error) => ({ ok: false, message: String(error && error.stack || error) }));`;

function unwrap(result, name) {
  if (!result || typeof result !== 'object') throw new Error(`${name}: the page script returned ${JSON.stringify(result)}`);
  if (!result.ok) throw new Error(`${name}: the page script failed: ${result.message}`);
  return result.value;
}

/** Firefox ESR, headless, fresh profile, over WebDriver BiDi. @returns {Promise<Driven>} */
export async function launchFirefox() {
  const { default: puppeteer } = await import('puppeteer-core');
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'attention-lab-firefox-'));
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    userDataDir: profile,
    // No update checks, telemetry or remote settings on a closed network.
    extraPrefsFirefox: {
      'app.update.enabled': false,
      'datareporting.policy.dataSubmissionEnabled': false,
      'toolkit.telemetry.enabled': false,
      'browser.shell.checkDefaultBrowser': false,
    },
  });
  const page = await browser.newPage();
  return {
    name: 'firefox',
    version: await browser.version(),
    goto: async (url) => {
      await page.goto(url, { waitUntil: 'load' });
    },
    // new Function keeps the body a string, as WebDriver's execute takes it.
    run: async (body) => unwrap(await page.evaluate(new Function(wrap(body))), 'firefox'),
    close: async () => {
      await browser.close();
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** A free loopback port for WebKitWebDriver. */
async function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {net.AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

/** Resolves once something listens on the port (WebKitWebDriver takes a moment to start). */
async function waitForPort(port, child, timeoutMs = 20000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`WebKitWebDriver exited with code ${child.exitCode}`);
    const open = await new Promise((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => { socket.end(); resolve(true); });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > until) throw new Error(`WebKitWebDriver did not listen on port ${port} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A mark set on the document in the window before navigating away from it. */
const LEAVING = '__attentionLabLeaving';

/**
 * Resolves once the window shows a new document, loaded: one without the mark `goto` left on the
 * one before. WebKitWebDriver's `get` can return while the previous document is still in the
 * window (its load state read before the new navigation commits), and a script run then is cut
 * off when the old document unloads ("Callback was not called before the unload event", seen once
 * on a loaded CI machine). A check cut off by that unload is simply made again.
 */
async function settled(driver, url, timeoutMs = 60000) {
  const until = Date.now() + timeoutMs;
  let seen = 'nothing';
  for (;;) {
    try {
      const [old, href, state] = await driver.executeScript(`return [window.${LEAVING} === true, location.href, document.readyState];`);
      if (!old && state === 'complete') return;
      seen = `${href} (${old ? 'the previous document' : state})`;
    } catch (error) {
      seen = String(error?.message ?? error);
    }
    if (Date.now() > until) throw new Error(`webkit: ${url} was not loaded within ${timeoutMs} ms; the window showed ${seen}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** WebKitGTK's MiniBrowser on a virtual display, over classic WebDriver. @returns {Promise<Driven>} */
export async function launchWebKit() {
  const { Builder, Capabilities } = await import('selenium-webdriver');
  const port = await freePort();
  // -a: a free display number, so parallel test files never collide; detached so that killing
  // the group also stops Xvfb and the browser processes.
  const child = spawn('xvfb-run', ['-a', WEBKIT_DRIVER, `--port=${port}`], { stdio: 'ignore', detached: true });
  const stop = () => {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  };
  try {
    await waitForPort(port, child);
    const capabilities = new Capabilities({
      browserName: 'MiniBrowser',
      'webkitgtk:browserOptions': { binary: miniBrowser(), args: ['--automation'] },
    });
    const driver = await new Builder().usingServer(`http://127.0.0.1:${port}`).withCapabilities(capabilities).build();
    const version = String((await driver.getCapabilities()).get('browserVersion') ?? 'unknown');
    await driver.manage().setTimeouts({ script: 120000, pageLoad: 60000 });
    return {
      name: 'webkit',
      version,
      goto: async (url) => {
        await driver.executeScript(`window.${LEAVING} = true;`);
        await driver.get(url);
        await settled(driver, url);
      },
      run: async (body) => unwrap(await driver.executeScript(wrap(body)), 'webkit'),
      close: async () => {
        try {
          await driver.quit();
        } finally {
          stop();
        }
      },
    };
  } catch (error) {
    stop();
    throw error;
  }
}

/** @param {'firefox' | 'webkit'} name */
export const launchOther = (name) => (name === 'firefox' ? launchFirefox() : launchWebKit());
