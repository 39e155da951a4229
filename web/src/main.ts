// Entry point of the page: load the engine, build the shell, hand it to the app. If the engine
// cannot start, say so on the page rather than leave it blank. In an iframe it also talks to
// the parent page (embed/frame-protocol.ts).
import { loadAttentionLab } from '../lib/index.js';
import { App } from './app.js';
import { connectToParent } from './embed/frame-protocol.js';
import { readEmbedOptions } from './embed/options.js';
import { buildShell } from './shell.js';
import './styles.css';

async function start(): Promise<void> {
  const host = document.getElementById('attention-lab') as HTMLElement;
  const params = new URLSearchParams(window.location.search);
  const { options: embed, notices } = readEmbedOptions(params.get('embed'), params.get('hide'));
  const frame = connectToParent();
  try {
    const lab = await loadAttentionLab();
    buildShell(host, { standalone: true });
    new App(lab, { root: document, urlState: true, embed, notices, onProgress: (event) => frame.progress(event) }).start();
    frame.ready();
  } catch (error) {
    const loading = document.getElementById('loading');
    if (loading) {
      loading.classList.add('error');
      loading.textContent = `The attention engine could not start: ${(error as Error).message}`;
    }
  }
}

void start();
