// The lesson menu: the course's lessons, the instructor's own walkthroughs, and "Open your own…",
// which validates a walkthrough file, adds it to the menu and opens it.
import { hashFor, walkthroughFromFile } from '../authoring/load-walkthrough.js';
import type { ParsedWalkthrough } from '../model/validate-walkthrough.js';
import { addCustomWalkthrough, customWalkthroughs, LESSONS } from '../model/walkthroughs.js';
import { lessonMenu } from '../widgets/lesson-menu.js';
import type { ViewContext } from './context.js';

export class LessonMenuView {
  constructor(
    private readonly context: ViewContext,
    private readonly onOpen: (walkthrough: string) => Promise<void>,
    /** The opened file's walkthrough, carried in the link's hash so it can be shared or reloaded. */
    private readonly onHash: (hash: string) => void,
    private readonly announce: (message: string) => void,
  ) {}

  render(): void {
    this.context.byId('lessons').replaceChildren(...lessonMenu({
      lessons: LESSONS,
      custom: customWalkthroughs(),
      onOpen: (walkthrough) => void this.onOpen(walkthrough),
      onFile: (file) => void this.openFile(file),
    }));
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
    this.announce(`Opened your walkthrough “${parsed.walkthrough.title}”.`);
  }
}
