// Part 2 of the page benchmark: navigation start → first step, one fresh page load at a time.
import { loadTimings } from './in-page.mjs';

export const VIEWPORT = { width: 1280, height: 900 };

/** A link like Lighthouse's desktop profile: 10 Mbit/s down, 40 ms round trip (CDP emulation). */
export const THROTTLED = { label: '10 Mbit/s, 40 ms RTT', latency: 40, downloadThroughput: 10e6 / 8, uploadThroughput: 10e6 / 8 };

export async function freshLoad(context, url, network = null) {
  const page = await context.newPage();
  await page.setViewportSize(VIEWPORT);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (network) {
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false, latency: network.latency, downloadThroughput: network.downloadThroughput, uploadThroughput: network.uploadThroughput,
    });
  }
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction(() => /** @type {any} */ (window).__bench?.firstStepPainted != null, null, { timeout: 30000, polling: 50 });
  const timings = await page.evaluate(loadTimings);
  await page.close();
  return timings;
}
