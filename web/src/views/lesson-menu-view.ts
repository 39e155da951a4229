// The lesson menu: the course's lessons, the instructor's own walkthroughs, "Open your own…",
// which validates a walkthrough file, adds it to the menu and opens it, and "Write a walkthrough…".
import { hashFor, walkthroughFromFile } from '../authoring/load-walkthrough.js';
import type { ParsedWalkthrough } from '../authoring/validate-walkthrough.js';
import { addCustomWalkthrough, customWalkthroughs, LESSONS } from '../model/walkthroughs.js';
import { lessonMenu } from '../widgets/lesson-menu.js';
import type { ViewContext } from './view-context.js';
import { t } from '../i18n/messages.js';

export class LessonMenuView {
  /** Called after each rendering of the menu (the progress view marks the lessons done). */
  afterRender: () => void = () => undefined;

  constructor(
    private readonly context: ViewContext,
    private readonly onOpen: (walkthrough: string) => Promise<void>,
    /** The opened file's walkthrough, carried in the link's hash so it can be shared or reloaded. */
    private readonly onHash: (hash: string) => void,
    private readonly announce: (message: string) => void,
    /** Opens the walkthrough editor, where the page has one. */
    private readonly onWrite?: () => void,
  ) {}

  render(): void {
    const menu = lessonMenu({
      lessons: LESSONS,
      custom: customWalkthroughs(),
      onOpen: (walkthrough) => void this.onOpen(walkthrough),
      onFile: (file) => void this.openFile(file),
      ...(this.onWrite ? { onWrite: this.onWrite } : {}),
    });
    // The page's language switcher (shell.ts) sits at the end of the menu: beside "Open your
    // own…" on a wide screen, inside the folded menu on a phone, whose header has room for one line.
    const switcher = this.context.root.querySelector('.language-switcher');
    if (switcher) menu[1].append(switcher);
    this.context.byId('lessons').replaceChildren(...menu);
    this.afterRender();
  }

  /** Adds a validated walkthrough to the menu; returns its id, or undefined (with a notice naming the field). */
  accept(parsed: ParsedWalkthrough): string | undefined {
    if ('error' in parsed) {
      this.context.session.notify(parsed.error);
      return undefined;
    }
    addCustomWalkthrough(parsed.walkthrough);
    return parsed.walkthrough.id;
  }

  private async openFile(file: File): Promise<void> {
    const parsed = await walkthroughFromFile(file);
    const id = this.accept(parsed);
    if (!id || 'error' in parsed) return;
    this.render();
    await this.onOpen(id);
    this.onHash(hashFor(parsed.walkthrough));
    this.announce(t('opened-own', { title: parsed.walkthrough.title }));
  }
}
