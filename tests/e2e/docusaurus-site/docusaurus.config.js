// A course site as docs/embedding.md's Docusaurus recipe builds it: served under a sub-path
// (baseUrl), the component's folder in static/attention-lab/, its module loaded on every page.
const baseUrl = '/course/';

/** @type {import('@docusaurus/types').Config} */
export default {
  title: 'A course on attention',
  url: 'https://example.org',
  baseUrl,
  onBrokenLinks: 'throw',
  // Docusaurus writes `scripts` into every page as given, without baseUrl: the path says it.
  scripts: [{ src: `${baseUrl}attention-lab/attention-lab.js`, type: 'module' }],
  presets: [['classic', { docs: { routeBasePath: '/' }, blog: false }]],
  // The labs follow the reader's light or dark preference: the site then starts in the same one.
  themeConfig: { colorMode: { respectPrefersColorScheme: true } },
};
