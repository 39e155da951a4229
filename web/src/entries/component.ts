// Entry of the web component's build (npm run build:component → build/component/attention-lab.js):
// importing the module defines <attention-lab>.
import { defineAttentionLab } from '../component/attention-lab-element.js';

export { AttentionLabElement, defineAttentionLab } from '../component/attention-lab-element.js';

defineAttentionLab();
