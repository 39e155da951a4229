// attention-lab-loader.js: loads attention-lab.js, the component's ES module, from beside this
// file, for sites that can add only classic <script> tags — MkDocs 1.4's extra_javascript (no
// `type: module` before MkDocs 1.5), LMS themes, older site generators. Those sites write this
// file's address relative to each page, so nested pages find it; the module's own address is
// then taken from this script's, so the .wasm beside it is found too. Plain ES5 plus import():
// the module needs a browser with ES modules anyway.
(function () {
  var script = document.currentScript;
  if (!script || !script.src) {
    console.error('Attention Lab: attention-lab-loader.js must be loaded with a <script src> tag');
    return;
  }
  var module = new URL('attention-lab.js', script.src).href;
  import(module).catch(function (error) {
    console.error('Attention Lab: could not load ' + module + ' (' + error + ')');
  });
})();
