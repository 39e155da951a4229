// Entry point of the served page (npm start): the full page, in a document or an iframe.
import { workerTrainingPort } from './entries/training-worker.js';
import { startPage } from './page.js';
import './styles.css';

void startPage({ trainingPort: workerTrainingPort });
