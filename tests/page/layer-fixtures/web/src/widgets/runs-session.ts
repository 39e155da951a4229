// A widget running the session's code (widgets-never-run-the-session).
import { up as session } from '../session/up.js';

export const widget = session;
