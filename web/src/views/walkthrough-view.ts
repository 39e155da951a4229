// The open walkthrough around its step: lesson label, title, intro, tabs of the lesson's other
// walkthroughs, the list of steps and the player bar's place. Laid out when another walkthrough
// opens; the step list follows recomputed steps and the step on screen. A walkthrough drawn by a
// view of its own (views/own-view-host.ts) is not laid out here.
import { LESSONS } from '../model/walkthroughs.js';
import type { Walkthrough } from '../model/types.js';
import { writeLink } from '../state/url-state.js';
import { el, setAttr, setText, textWithLessonLinks } from '../widgets/dom.js';
import { trainedIntro, trainedOn, weightsStatement, type TrainedLayer } from '../model/trained-layer.js';
import { setTextWithTerms } from '../widgets/glossary-terms.js';
import { revealInStrip } from '../widgets/lesson-menu.js';
import type { ViewContext } from './view-context.js';
import { t } from '../i18n/messages.js';
import { clip } from '../i18n/echo.js';
import './weights-note.css';

export class WalkthroughView {
  constructor(
    private readonly context: ViewContext,
    /** The player bar, laid out under the step. */
    private readonly controls: () => HTMLElement,
    /** Opens another walkthrough of the lesson (a tab). */
    private readonly onOpen: (walkthrough: string) => void,
    /** The learner chose random or trained weights (walkthroughs that can show a trained layer). */
    private readonly onWeights: (choice: 'random' | 'trained') => void = () => undefined,
  ) {
    context.session.subscribe((event) => {
      if (event.type === 'opened' && context.session.view) return;
      if (event.type === 'opened' && event.fresh) this.render();
      else if (event.type === 'opened' || event.type === 'recomputed') {
        this.renderStepList();
        // A new seed changes what the header says of the random weights.
        const source = context.root.getElementById('weights-source');
        if (source && context.session.weightsSource) setText(source, context.session.weightsSource);
      }
      else if (event.type === 'step') this.markStep(event.index);
      // An answer in an exam opens the steps after its question.
      else if (event.type === 'progress' && event.progress.type === 'answered') this.markOpen();
    });
  }

  private render(): void {
    const walkthrough = this.context.session.walkthrough as Walkthrough;
    const { trained } = this.context.session;
    const { lesson, shipped, label, title, intro } = walkthroughHeading(walkthrough, trained);
    markCurrentLesson(this.context.root, walkthrough);
    const siblings = shipped ? lesson?.walkthroughs ?? [] : [];
    const tabs = siblings.length > 1
      ? el('ul', { className: 'walkthrough-tabs', ariaLabel: t('walkthrough-tabs') },
        ...siblings.map((w) => {
          const link = el('a', { href: writeLink({ walkthrough: w.id, step: 'inputs' }) || '?' }, w.title);
          if (w.id === walkthrough.id) link.setAttribute('aria-current', 'true');
          link.addEventListener('click', (event) => {
            event.preventDefault();
            this.onOpen(w.id);
          });
          return el('li', {}, link);
        }))
      : '';

    this.context.byId('main').replaceChildren(
      el('section', { className: 'walkthrough-head' },
        el('p', { className: 'lesson-label' }, label),
        el('h2', { id: 'walkthrough-title', tabIndex: -1 }, title),
        introParagraph(intro),
        this.ownNumbersNote(),
        this.weightsChoice(),
        tabs),
      el('div', { className: 'layout' },
        el('aside', { className: 'step-nav' },
          el('h3', { id: 'steps-heading' }, t('steps-heading')),
          el('ol', { id: 'step-list', ariaLabelledBy: 'steps-heading' })),
        el('article', { id: 'step', className: 'step', tabIndex: -1, ariaLabelledBy: 'step-title' },
          // The step's number, and where it sits in a transformer (views/pipeline-map-view.ts).
          el('div', { id: 'step-top', className: 'step-top' }, el('p', { id: 'progress', className: 'progress' })),
          el('h3', { id: 'step-title' }),
          this.weightsNote(),
          el('div', { id: 'formula', className: 'formula' }),
          el('p', { id: 'step-text', className: 'step-text' }),
          el('div', { id: 'panels', className: 'panels' }),
          el('section', { id: 'explain', className: 'explain', ariaLive: 'polite', hidden: true }),
          // On the last step of a walkthrough with questions: the score and each answer (progress-view.ts).
          el('section', { id: 'review', className: 'exercise-review', ariaLabelledBy: 'review-heading', hidden: true }),
          el('div', { id: 'export' }),
          el('nav', { id: 'next-lesson', className: 'next-lesson', ariaLabel: t('next-in-course'), hidden: true }))),
      this.controls(),
      el('p', { id: 'edit-help', className: 'visually-hidden' },
        t('edit-help')),
    );
    this.renderStepList();
  }

  /**
   * Whose numbers these are, when a walkthrough that gives every learner numbers of their own
   * drew them for this learner's id; nothing with the file's numbers (no learner id).
   */
  private ownNumbersNote(): HTMLElement | string {
    const learner = this.context.session.drawnFor;
    return learner === undefined ? '' : el('p', { id: 'own-numbers', className: 'own-numbers' }, t('own-numbers-drawn', { learner: clip(learner) }));
  }

  /**
   * Where the weights come from, said plainly, and the choice between the seeded ones and a
   * trained model's (two toggle buttons); nothing for walkthroughs with no weights to choose.
   */
  private weightsChoice(): HTMLElement | string {
    const { session } = this.context;
    const source = session.weightsSource;
    if (source === undefined) return '';
    const trained = session.trained;
    const choice = (value: 'random' | 'trained', label: string) => {
      const button = el('button', { type: 'button', id: `weights-${value}` }, label);
      button.setAttribute('aria-pressed', String((value === 'trained') === Boolean(trained)));
      button.addEventListener('click', () => this.onWeights(value));
      return button;
    };
    const detail = trained
      ? t('weights-trained-detail', { what: trainedOn(trained.config.task) })
      : t('weights-random-detail');
    return el('div', { className: `weights-choice${trained ? ' trained' : ''}`, role: 'group', ariaLabelledBy: 'weights-source' },
      el('p', { className: 'weights-source' }, el('strong', { id: 'weights-source' }, source)),
      el('div', { className: 'weights-buttons' },
        choice('random', t('weights-random')),
        choice('trained', t('weights-trained', { what: trainedOn(trained?.config.task) }))),
      el('p', { className: 'weights-detail' }, detail));
  }

  /**
   * The same plain statement on every step, under its title, with the way to the other weights
   * (the header's detail is hidden on a phone, and scrolled away on a long step).
   */
  private weightsNote(): HTMLElement | string {
    const { session } = this.context;
    if (session.weightsSource === undefined) return '';
    const trained = session.trained;
    const other = trained ? 'random' : 'trained';
    const button = el('button', { type: 'button', id: 'weights-note-switch', className: 'link-button' },
      t(trained ? 'weights-compare-random' : 'weights-see-trained'));
    button.addEventListener('click', () => this.onWeights(other));
    return el('p', { id: 'weights-note', className: `weights-note${trained ? ' trained' : ''}` }, `${weightsStatement(trained)} `, button);
  }

  /** The steps' titles, rebuilt only when they changed (an edit usually keeps them). */
  private renderStepList(): void {
    const { session } = this.context;
    const list = this.context.byId<HTMLOListElement>('step-list');
    const titles = [...list.querySelectorAll('button')].map((b) => `${b.dataset.step}:${b.textContent}`);
    if (titles.join('\n') === session.steps.map((s) => `${s.id}:${s.title}`).join('\n')) return;
    list.replaceChildren(...session.steps.map((step, index) => {
      const button = el('button', { type: 'button' }, step.title);
      button.dataset.step = step.id;
      button.addEventListener('click', () => session.goTo(index));
      return el('li', {}, button);
    }));
    this.markOpen();
  }

  /** In an exam, the steps after the question to answer are shut: their buttons say so and do nothing. */
  private markOpen(): void {
    const { session } = this.context;
    const end = session.lastOpen();
    for (const [i, button] of [...this.context.byId('step-list').querySelectorAll('button')].entries()) {
      const shut = i > end;
      if (button.disabled === shut) continue;
      button.disabled = shut;
      button.classList.toggle('shut', shut);
      const title = session.steps[i]?.title ?? '';
      if (shut) button.setAttribute('aria-label', t('exam-step-locked', { title }));
      else button.removeAttribute('aria-label');
    }
  }

  private markStep(index: number): void {
    this.markOpen();
    for (const [i, item] of [...this.context.byId('step-list').children].entries()) {
      const button = item.querySelector('button');
      if (i === index && button) setAttr(button, 'aria-current', 'step');
      else if (button?.hasAttribute('aria-current')) button.removeAttribute('aria-current');
    }
  }
}

/**
 * What heads a walkthrough: its lesson ("Lesson 6 · Multi-head attention", or an instructor's
 * own), its title and its intro (on a trained layer, the lesson's title and what the layer is). The handout prints the same.
 */
export function walkthroughHeading(walkthrough: Walkthrough, trained: TrainedLayer | undefined) {
  const lesson = LESSONS.find((l) => l.id === walkthrough.lesson);
  // By id: a practice that draws numbers per learner is a copy of its shipped walkthrough.
  const shipped = lesson?.walkthroughs.some((w) => w.id === walkthrough.id) ?? false;
  return {
    lesson,
    shipped,
    label: lesson && shipped ? t('lesson-label', { number: String(lesson.number), title: lesson.title }) : t('own-walkthrough'),
    // On a trained layer the walkthrough's own title (its sentence, its heads) no longer applies;
    // the weights' box under the intro says where the weights come from.
    title: trained && lesson ? lesson.title : walkthrough.title,
    intro: trained ? trainedIntro(trained) : walkthrough.intro,
  };
}

/** Marks the lesson menu's link of `walkthrough` current: its lesson's, or its own for an instructor's walkthrough. */
export function markCurrentLesson(root: Document | ShadowRoot, walkthrough: Walkthrough): void {
  const { shipped } = walkthroughHeading(walkthrough, undefined);
  for (const link of root.querySelectorAll<HTMLAnchorElement>('.lesson-link')) {
    const current = shipped ? link.dataset.lesson === walkthrough.lesson : link.dataset.walkthrough === walkthrough.id;
    if (current) {
      link.setAttribute('aria-current', 'page');
      revealInStrip(link);
    } else link.removeAttribute('aria-current');
  }
}

/** The walkthrough's intro, its glossary terms marked. */
function introParagraph(intro: string): HTMLParagraphElement {
  const paragraph = el('p', { className: 'intro' });
  setTextWithTerms(paragraph, intro, 'intro', textWithLessonLinks);
  return paragraph;
}
