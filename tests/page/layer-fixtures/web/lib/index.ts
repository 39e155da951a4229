// The façade reaching into the page: facade-knows-no-page.
import { leaf } from '../src/model/leaf.js';

export const engine = leaf;
