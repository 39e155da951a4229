// The walkthrough editor, opened from the lesson menu ("Write a walkthrough…"): a panel above the
// page (beside it on a wide screen), whose lesson is the live preview. The instructor starts from any walkthrough (a
// shipped one, copied under an id of its own, or a file), then sets its title and words, the
// words of each step, its exercises (the forms derived from each type's schema), and its numbers
// in the preview's own grids ("Use the numbers on screen"). Each change is checked as a file is
// (authoring/draft.ts); a valid draft is opened in the session at the step on screen, and a
// refusal, the validator's or the engine's, is shown beside the field it names. Downloads: the
// JSON file, and the single HTML file, SCORM and H5P packages (browser/offline-download.ts).
import { checkDraft, draftFrom, getAt, newExercise, refusedPaths, setAt, type Draft } from '../authoring/draft.js';
import { walkthroughFromFile, hashFor } from '../authoring/load-walkthrough.js';
import { addCustomWalkthrough, customWalkthroughs, findWalkthrough, LESSONS, removeCustomWalkthrough, WALKTHROUGHS } from '../model/walkthroughs.js';
import { descriptorOf } from '../kinds/index.js';
import { refusalInPageWords } from '../model/engine-sentences.js';
import type { Exercise, Walkthrough } from '../model/types.js';
import { t } from '../i18n/messages.js';
import { el } from '../widgets/dom.js';
import { download } from '../widgets/download.js';
import { downloadButtons } from '../widgets/download-buttons.js';
import { exerciseFieldset, field, fieldId, labelFor, typeWords } from '../widgets/editor-fields.js';
import { fileButton } from '../widgets/file-button.js';
import type { ViewContext } from './view-context.js';
import './editor.css';

export interface EditorHost {
  context: ViewContext;
  /** The lesson menu drawn again (the draft is listed in it). */
  renderMenu: () => void;
  /** The draft carried in the link's hash, so a reload keeps it. */
  setHash: (hash: string) => void;
  /** The page's link for the state on screen ("?…#…"), and the page's address, for the downloads. */
  link: () => string;
  pageBase: () => string;
  announce: (message: string) => void;
}

/** The exercise types the editor adds (the others a walkthrough it starts from has are kept and edited as fields). */
const ADDABLE: readonly Exercise['type'][] = ['numeric', 'pick-key', 'pick-cell', 'order-passes', 'value'];

/** Ids of walkthroughs other than the draft's own: a draft may not take one. */
const takenBesides = (own: string | undefined) => ({ has: (id: string) => id !== own && (WALKTHROUGHS.has(id) || customWalkthroughs().some((w) => w.id === id)) });

export class EditorView {
  private draft: Draft;
  /** The id the draft is shown under in the menu and the session (the last that was valid). */
  private shownId: string | undefined;
  private readonly panel: HTMLElement;
  private readonly status = el('p', { className: 'editor-status', role: 'status' });
  private refusal: { message: string } | undefined;
  /** The last draft the engine opened, shown again when it refuses a later one. */
  private lastShown: Walkthrough | undefined;
  /** The engine's refusals of drafts, which the page's notice board shows too until a later draft opens. */
  private readonly refusedInPage = new Set<string>();
  /** The shipped walkthrough the draft was started from, chosen in the Start from list. */
  private startedFrom: string | undefined;

  constructor(private readonly host: EditorHost, start: Walkthrough) {
    this.draft = this.copyOf(start);
    this.panel = el('section', { id: 'editor', className: 'editor', ariaLabelledBy: 'editor-heading' });
    host.context.byId('main').before(this.panel);
    this.panel.closest('.attention-lab')?.classList.add('editing');
    this.render();
    void this.preview();
    this.panel.querySelector<HTMLElement>('h2')?.focus();
  }

  /**
   * The draft of `walkthrough`: a shipped one's copy under an id of its own; an instructor's own
   * keeps its id (it is the one being edited, and the draft takes its place).
   */
  private copyOf(walkthrough: Walkthrough): Draft {
    const own = !WALKTHROUGHS.has(walkthrough.id);
    if (own) this.shownId = walkthrough.id;
    else this.startedFrom = walkthrough.id;
    return draftFrom(walkthrough, (id) => takenBesides(own ? walkthrough.id : this.shownId).has(id));
  }

  /** Starts again from `walkthrough` (a copy of it). */
  private startFrom(walkthrough: Walkthrough): void {
    this.draft = this.copyOf(walkthrough);
    this.render();
    void this.preview();
    this.host.announce(t('editor-started', { title: walkthrough.title }));
  }

  /** Commits one field: checked, and previewed when valid. */
  private set(path: string, value: unknown, structural = false): void {
    this.draft = setAt(this.draft, path, value);
    if (structural) this.render();
    void this.preview();
  }

  /** Checks the draft and, when it passes, shows it in the page at the step on screen. */
  private async preview(): Promise<void> {
    const checked = checkDraft(this.draft, takenBesides(this.shownId));
    if ('error' in checked) {
      this.showRefusal(checked.error);
      return;
    }
    this.clearRefusal();
    const { walkthrough } = checked;
    const previous = this.shownId;
    if (previous && previous !== walkthrough.id) removeCustomWalkthrough(previous);
    addCustomWalkthrough(walkthrough);
    this.shownId = walkthrough.id;
    this.host.renderMenu();
    const { session } = this.host.context;
    // The draft on screen before this change (under its id then) keeps its step and the numbers
    // edited in its grids, not yet kept as the walkthrough's.
    const before = session.state;
    const continuing = before !== undefined && (before.walkthrough === walkthrough.id || before.walkthrough === previous);
    const step = continuing ? before.step : 'inputs';
    // Numbers the same as the draft's are its own (its step words then show), not an edit.
    const edited = continuing && before.inputs !== undefined && JSON.stringify(before.inputs) !== JSON.stringify(walkthrough.inputs);
    const inputs = edited ? before.inputs : undefined;
    // The draft changed under the same id: shown afresh (its heading and words too), not as the same one.
    if (before?.walkthrough === walkthrough.id) session.close();
    // The engine's refusal of the draft comes as the session's notice: shown beside its field too.
    const notices: string[] = [];
    const stop = session.subscribe((event) => {
      if (event.type === 'notice') notices.push(event.message);
    });
    let opened = await session.open({ walkthrough: walkthrough.id, step, inputs }).catch(() => false);
    if (!opened && inputs) {
      // The edited numbers do not fit the changed draft (another shape): its own numbers, and only its refusals count.
      notices.length = 0;
      opened = await session.open({ walkthrough: walkthrough.id, step }).catch(() => false);
    }
    stop();
    if (opened) {
      this.lastShown = walkthrough;
      this.dropStaleNotices();
      this.host.setHash(hashFor(walkthrough));
      this.status.textContent = t('editor-ok', { title: walkthrough.title });
      // The steps (and so the words and places offered) may have changed with the draft.
      this.renderSteps();
      return;
    }
    // The engine refused it: its notice is shown beside the field, and the last draft it took stays on screen.
    const refusal = notices.at(-1);
    if (refusal) this.showRefusal(refusal);
    for (const notice of notices) this.refusedInPage.add(notice);
    const last = this.lastShown;
    if (!last) return;
    if (last.id !== walkthrough.id) removeCustomWalkthrough(walkthrough.id);
    addCustomWalkthrough(last);
    this.shownId = last.id;
    this.host.renderMenu();
    await session.open({ walkthrough: last.id, step });
  }

  /** The page's notices of drafts refused before the one now open: stale, so taken away. */
  private dropStaleNotices(): void {
    for (const notice of this.host.context.byId('notices').querySelectorAll('.notice')) {
      if (this.refusedInPage.has(notice.firstChild?.textContent ?? '')) notice.remove();
    }
    this.refusedInPage.clear();
  }

  /** Shows a refusal in the status line and beside the first field it names that the form has. */
  private showRefusal(message: string): void {
    this.clearRefusal();
    this.refusal = { message };
    this.status.textContent = t('editor-refused', { reason: refusalInPageWords(message) });
    const path = refusedPaths(message).find((p) => this.panel.querySelector(`[data-path="${CSS.escape(p)}"]`));
    const control = path ? this.panel.querySelector<HTMLElement>(`[data-path="${CSS.escape(path)}"]`) : null;
    if (!path || !control) return;
    const note = el('p', { className: 'editor-error', id: `${fieldId(path)}-error` }, refusalInPageWords(message));
    control.after(note);
    control.setAttribute('aria-invalid', 'true');
    control.setAttribute('aria-errormessage', note.id);
  }

  private clearRefusal(): void {
    this.refusal = undefined;
    for (const note of this.panel.querySelectorAll('.editor-error')) note.remove();
    for (const control of this.panel.querySelectorAll('[aria-invalid]')) {
      control.removeAttribute('aria-invalid');
      control.removeAttribute('aria-errormessage');
    }
  }

  /** The steps of the walkthrough on screen (not its exercises): what words and places are given for. */
  private steps(): { id: string; title: string }[] {
    return this.host.context.session.steps.filter((s) => !s.id.startsWith('exercise-')).map((s) => ({ id: s.id, title: s.title }));
  }

  private render(): void {
    const focused = (this.panel.ownerDocument.activeElement as HTMLElement | null)?.dataset?.path;
    const close = el('button', { type: 'button', className: 'editor-close' }, t('editor-close'));
    close.addEventListener('click', () => {
      this.panel.closest('.attention-lab')?.classList.remove('editing');
      this.panel.remove();
      this.host.context.root.querySelector<HTMLElement>('.open-editor')?.focus();
    });
    this.panel.replaceChildren(
      el('div', { className: 'editor-head' }, el('h2', { id: 'editor-heading', tabIndex: -1 }, t('editor-heading')), close),
      el('p', { className: 'editor-intro' }, t('editor-intro')),
      this.status,
      this.startSection(),
      el('fieldset', { className: 'editor-about' }, el('legend', {}, t('editor-about-legend')),
        field(this.draft, 'id', t('editor-id'), { control: 'text' }, (p, v) => this.set(p, v)),
        field(this.draft, 'title', t('editor-title'), { control: 'text' }, (p, v) => this.set(p, v)),
        field(this.draft, 'intro', t('editor-intro-field'), { control: 'textarea' }, (p, v) => this.set(p, v))),
      this.inputsSection(),
      el('fieldset', { className: 'editor-steps', id: 'editor-steps' }, el('legend', {}, t('editor-steps-legend'))),
      this.exercisesSection(),
      this.downloadSection());
    this.renderSteps();
    if (this.refusal) this.showRefusal(this.refusal.message);
    if (focused) this.panel.querySelector<HTMLElement>(`[data-path="${CSS.escape(focused)}"]`)?.focus();
  }

  private startSection(): HTMLElement {
    const select = el('select', { id: 'editor-start' });
    for (const lesson of LESSONS) {
      const group = el('optgroup');
      group.label = `${lesson.number} ${lesson.title}`;
      for (const w of lesson.walkthroughs) group.append(el('option', { value: w.id, selected: w.id === this.startedFrom }, `${w.title} (${w.kind})`));
      select.append(group);
    }
    const start = el('button', { type: 'button' }, t('editor-start'));
    start.addEventListener('click', () => {
      const chosen = findWalkthrough(select.value);
      if (chosen) this.startFrom(chosen);
    });
    const [open, picker] = fileButton({
      label: t('editor-start-file'),
      accept: '.json,application/json',
      onFile: async (file) => {
        const parsed = await walkthroughFromFile(file);
        if ('error' in parsed) this.showRefusal(parsed.error);
        else this.startFrom(parsed.walkthrough);
      },
    });
    return el('fieldset', { className: 'editor-start' }, el('legend', {}, t('editor-start-legend')),
      el('div', { className: 'editor-field' }, labelFor('editor-start', t('editor-start-label')), select),
      el('div', { className: 'editor-actions' }, start, open, picker));
  }

  private inputsSection(): HTMLElement {
    const use = el('button', { type: 'button' }, t('editor-inputs-use'));
    use.addEventListener('click', () => {
      const inputs = this.host.context.session.state?.inputs;
      if (!inputs) {
        this.host.announce(t('editor-inputs-same'));
        return;
      }
      this.set('inputs', structuredClone(inputs));
      this.host.announce(t('editor-inputs-used'));
    });
    return el('fieldset', { className: 'editor-inputs' }, el('legend', {}, t('editor-inputs-legend')),
      el('p', {}, t('editor-inputs-text')), use);
  }

  /** The words of each step: title and text, empty for the page's own (shown as the placeholder). */
  private renderSteps(): void {
    const holder = this.panel.querySelector('#editor-steps');
    if (!holder) return;
    const legend = holder.querySelector('legend');
    const fields = this.steps().flatMap((step) => [
      field(this.draft, `stepTexts.${step.id}.title`, t('editor-step-title', { step: step.id }), { control: 'text', optional: true, placeholder: step.title }, (p, v) => this.set(p, v)),
      field(this.draft, `stepTexts.${step.id}.text`, t('editor-step-text', { step: step.id }), { control: 'textarea', optional: true }, (p, v) => this.set(p, v)),
    ]);
    holder.replaceChildren(...(legend ? [legend] : []), ...fields);
  }

  private exercisesSection(): HTMLElement {
    const kind = this.draft.kind as Walkthrough['kind'] | undefined;
    const allowed = kind ? descriptorOf(kind).exercises.filter((type) => ADDABLE.includes(type)) : [];
    const list = (getAt(this.draft, 'exercises') as unknown[] | undefined) ?? [];
    const holder = el('fieldset', { className: 'editor-exercises' }, el('legend', {}, t('editor-exercises-legend')));
    list.forEach((_, index) => holder.append(exerciseFieldset(this.draft, index, this.steps(), (p, v) => this.set(p, v), () => {
      this.set('exercises', list.filter((__, k) => k !== index).length > 0 ? list.filter((__, k) => k !== index) : undefined, true);
      this.host.announce(t('editor-exercise-removed', { number: String(index + 1) }));
    })));
    if (allowed.length === 0) return holder;
    const type = el('select', { id: 'editor-add-type' });
    for (const option of allowed) type.append(el('option', { value: option }, typeWords(option)));
    const add = el('button', { type: 'button' }, t('editor-add'));
    add.addEventListener('click', () => {
      const exercise = newExercise(type.value as Exercise['type'], list as { id?: unknown }[], { title: t('editor-new-title'), prompt: t('editor-new-prompt') }, this.host.context.session.state?.step);
      this.set('exercises', [...list, exercise], true);
      this.host.announce(t('editor-exercise-added', { number: String(list.length + 1) }));
      this.panel.querySelector<HTMLElement>(`#${fieldId(`exercises[${list.length}].title`)}`)?.focus();
    });
    holder.append(el('div', { className: 'editor-actions' },
      labelFor('editor-add-type', t('editor-add-type')), type, add));
    return holder;
  }

  private downloadSection(): HTMLElement {
    const json = el('button', { type: 'button' }, t('editor-download-json'));
    json.addEventListener('click', () => {
      const text = `${JSON.stringify(this.draft, null, 2)}\n`;
      download(new Blob([text], { type: 'application/json' }), `${typeof this.draft.id === 'string' && this.draft.id ? this.draft.id : 'walkthrough'}.json`);
    });
    const files = downloadButtons({
      make: async (format, mastery) => {
        const checked = checkDraft(this.draft, takenBesides(this.shownId));
        if ('error' in checked) throw new Error(checked.error);
        const { downloadOffline } = await import('../browser/offline-download.js');
        return downloadOffline({ format, walkthrough: checked.walkthrough, link: this.host.link(), mastery }, this.host.pageBase());
      },
      exercises: ((getAt(this.draft, 'exercises') as unknown[] | undefined)?.length ?? 0) > 0,
      idPrefix: 'editor-download',
      words: { heading: t('editor-files-heading'), intro: t('editor-files-intro') },
    });
    return el('fieldset', { className: 'editor-download' }, el('legend', {}, t('editor-download-legend')),
      el('div', { className: 'editor-actions' }, json), files);
  }
}
