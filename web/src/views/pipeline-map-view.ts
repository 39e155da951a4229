// The map of the whole transformer on every step (model/pipeline.ts): one link per stage, to the
// lesson that covers it, with the stage(s) the step on screen sits on marked current. It shares
// the step's top line with "Step N of M"; on a narrow screen it is one line that scrolls sideways,
// kept scrolled to the current stage, so it costs the phone's first screen no height.
import { descriptorOf } from '../kinds/index.js';
import { STAGES, stagesOf, type StageId } from '../model/pipeline.js';
import { LESSONS } from '../model/walkthroughs.js';
import { writeLink } from '../state/url-state.js';
import { el, setAttr } from '../widgets/dom.js';
import type { ViewContext } from './view-context.js';
import './pipeline-map.css';
import { t } from '../i18n/messages.js';

const label = (): string => t('pipeline-label');

export class PipelineMapView {
  private readonly links = new Map<StageId, HTMLAnchorElement>();
  /** One element, moved into each walkthrough laid out (so its links keep their listeners). */
  private readonly nav: HTMLElement;
  private readonly list: HTMLOListElement;
  /** The walkthrough and step marked last, and whether the map has moved since: an edit redraws the step but leaves the map alone. */
  private marked: { walkthrough: unknown; step: string | undefined } | undefined;

  constructor(
    private readonly context: ViewContext,
    /** Opens a walkthrough (the first of the stage's lesson), as the lesson menu does. */
    onOpen: (walkthrough: string) => void,
  ) {
    this.list = el('ol', { className: 'pipeline-stages' });
    for (const stage of STAGES) {
      const lesson = LESSONS.find((l) => l.id === stage.lesson);
      const first = lesson?.walkthroughs[0];
      if (!lesson || !first) continue;
      const link = el('a', { href: writeLink({ walkthrough: first.id, step: 'inputs' }) || '?', title: t('pipeline-link-title', { number: String(lesson.number), title: lesson.title }) }, stage.label);
      link.dataset.stage = stage.id;
      link.addEventListener('click', (event) => {
        event.preventDefault();
        onOpen(first.id);
      });
      this.links.set(stage.id, link);
      this.list.append(el('li', {}, link));
    }
    this.nav = el('nav', { id: 'pipeline-map', className: 'pipeline-map' }, el('span', { className: 'pipeline-caption' }, t('pipeline-caption')), this.list);
    context.session.subscribe((event) => {
      // After the walkthrough view, which lays out the step's top line on a fresh opening.
      if (event.type === 'opened' && event.fresh) {
        this.place();
        this.marked = undefined;
      }
      if (event.type === 'step') this.mark();
      // A component names its region as it reports progress (after the opening): the map follows.
      if (event.type === 'progress') this.name();
    });
  }

  /**
   * Puts the map in the step's top line. Several labs on one page (the web component) need
   * distinct landmark names: the map takes its lab's region name after its own.
   */
  private place(): void {
    this.name();
    this.context.root.getElementById('step-top')?.append(this.nav);
  }

  private name(): void {
    const region = this.context.byId('main').getAttribute('aria-label');
    setAttr(this.nav, 'aria-label', region ? `${label()}, ${region}` : label());
  }

  /** Marks the stages of the step on screen. */
  private mark(): void {
    const { walkthrough, step } = this.context.session;
    // The same step again (an edit, back/forward to other inputs): nothing on the map changes,
    // and reading its scroll width would force a layout in the middle of the update.
    if (this.marked && this.marked.walkthrough === walkthrough && this.marked.step === step?.id) return;
    this.marked = { walkthrough, step: step?.id };
    const current = new Set(walkthrough && step ? stagesOf(descriptorOf(walkthrough.kind).steps, walkthrough, step.id) ?? [] : []);
    for (const [id, link] of this.links) {
      if (current.has(id)) setAttr(link, 'aria-current', 'step');
      else if (link.hasAttribute('aria-current')) link.removeAttribute('aria-current');
    }
    this.showCurrent();
  }

  /** When the line scrolls (a narrow screen), brings the first current stage into its middle, without moving the page. */
  private showCurrent(): void {
    const { list } = this;
    const first = list.querySelector<HTMLElement>('[aria-current]');
    if (list.scrollWidth <= list.clientWidth) return;
    if (!first) {
      list.scrollLeft = 0;
      return;
    }
    const item = first.parentElement as HTMLElement;
    list.scrollLeft = item.offsetLeft - list.offsetLeft - (list.clientWidth - item.offsetWidth) / 2;
  }
}
