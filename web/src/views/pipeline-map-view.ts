// The map of the whole transformer above every lesson (model/pipeline.ts): one link per stage, to
// the lesson that covers it, with the stage(s) the step on screen sits on marked current. On a
// narrow screen it is one line that scrolls sideways, kept scrolled to the current stage.
import { STAGES, stagesOf, type StageId } from '../model/pipeline.js';
import { LESSONS } from '../model/walkthroughs.js';
import { writeLink } from '../state/url-state.js';
import { el, setAttr } from '../widgets/dom.js';
import type { ViewContext } from './context.js';
import './pipeline-map.css';

export class PipelineMapView {
  private readonly links = new Map<StageId, HTMLAnchorElement>();

  constructor(
    private readonly context: ViewContext,
    /** Opens a walkthrough (the first of the stage's lesson), as the lesson menu does. */
    onOpen: (walkthrough: string) => void,
  ) {
    const list = el('ol', { className: 'pipeline-stages' });
    for (const stage of STAGES) {
      const lesson = LESSONS.find((l) => l.id === stage.lesson);
      const first = lesson?.walkthroughs[0];
      if (!lesson || !first) continue;
      const link = el('a', { href: writeLink({ walkthrough: first.id, step: 'inputs' }) || '?', title: `Lesson ${lesson.number}: ${lesson.title}` }, stage.label);
      link.dataset.stage = stage.id;
      link.addEventListener('click', (event) => {
        event.preventDefault();
        onOpen(first.id);
      });
      this.links.set(stage.id, link);
      list.append(el('li', {}, link));
    }
    context.byId('pipeline-map').replaceChildren(el('p', { className: 'pipeline-caption', id: 'pipeline-caption' }, 'In a transformer:'), list);
    context.session.subscribe((event) => {
      if (event.type === 'step' || event.type === 'closed') this.mark();
    });
  }

  /** Marks the stages of the step on screen (none while no walkthrough is open). */
  private mark(): void {
    const { walkthrough, step } = this.context.session;
    const current = new Set(walkthrough && step ? stagesOf(walkthrough, step.id) ?? [] : []);
    for (const [id, link] of this.links) {
      if (current.has(id)) setAttr(link, 'aria-current', 'step');
      else if (link.hasAttribute('aria-current')) link.removeAttribute('aria-current');
    }
    this.showCurrent();
  }

  /** When the line scrolls (a narrow screen), brings the first current stage into its middle, without moving the page. */
  private showCurrent(): void {
    const list = this.context.byId('pipeline-map').querySelector<HTMLElement>('.pipeline-stages');
    const first = list?.querySelector<HTMLElement>('[aria-current]');
    if (!list || list.scrollWidth <= list.clientWidth) return;
    if (!first) {
      list.scrollLeft = 0;
      return;
    }
    const item = first.parentElement as HTMLElement;
    list.scrollLeft = item.offsetLeft - list.offsetLeft - (list.clientWidth - item.offsetWidth) / 2;
  }
}
