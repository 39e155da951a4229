// Entry point: load the engine, then hand the page to the app. If the engine cannot start,
// say so on the page rather than leave it blank.
import { loadAttentionLab } from '../lib/index.js';
import { App } from './app.js';
import './styles.css';

async function start(): Promise<void> {
  const loading = document.getElementById('loading');
  try {
    const lab = await loadAttentionLab();
    loading?.remove();
    new App(lab, document).start();
  } catch (error) {
    if (loading) {
      loading.classList.add('error');
      loading.textContent = `The attention engine could not start: ${(error as Error).message}`;
    }
  }
}

void start();
