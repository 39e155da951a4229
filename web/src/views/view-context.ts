// What every view of the page is given: where the shell was built (the document, or a web
// component's shadow root), the session it draws, and the embed options that hide parts.
import type { EmbedOptions, Part } from '../state/embed-options.js';
import type { Session } from '../session/session.js';

export class ViewContext {
  constructor(
    readonly root: Document | ShadowRoot,
    readonly session: Session,
    readonly embed: EmbedOptions,
  ) {}

  readonly byId = <T extends HTMLElement = HTMLElement>(id: string): T => this.root.getElementById(id) as T;

  hidden(part: Part): boolean {
    return this.embed.hide.has(part);
  }
}
