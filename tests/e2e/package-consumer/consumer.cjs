// A CommonJS project: the package is an ES module, which CommonJS loads with import(). That works
// on every Node the package supports; require('attention-lab') works only where Node can
// require ES modules (20.19+, 22.12+).
(async () => {
  const { loadAttentionLab } = await import('attention-lab');
  const lab = await loadAttentionLab();
  const { output } = lab.attention({ query: [[1, 2]], key: [[1, 0], [0, 1], [1, 1]], value: [[0.5, 0.3], [0.8, 0.2], [0.1, 0.9]] });
  process.stdout.write(JSON.stringify({ output }));
})();
