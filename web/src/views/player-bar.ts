// The player bar under the step: first, previous, play/pause, next, last, the speed, Reset inputs
// and Embed; and the keys that do the same (arrows, Home, End, space). Playing moves the session
// one step at a time and stops at the last, or in an exam at the question to answer (the session
// opens no step after it, whatever asks).
import { disclosure } from '../widgets/disclosure.js';
import { el } from '../widgets/dom.js';
import { icon, playLabel } from '../widgets/icons.js';
import type { ViewContext } from './view-context.js';
import { t } from '../i18n/messages.js';

const SPEEDS: [milliseconds: string, label: string][] = [['4000', 'speed-slow'], ['2500', 'speed-normal'], ['1200', 'speed-fast']];

export class PlayerBar {
  private timer: number | undefined;
  /** Milliseconds per step while playing. */
  private interval = 2500;

  constructor(private readonly context: ViewContext, private readonly openEmbed: () => void) {
    const { session } = context;
    session.subscribe((event) => {
      if (event.type === 'opened') this.pause();
      if (event.type === 'step') this.enable(event.index);
      // An answer in an exam opens the steps after its question.
      if (event.type === 'progress' && event.progress.type === 'answered') this.enable(session.index);
    });
    context.root.addEventListener('keydown', (event) => this.onKey(event as KeyboardEvent));
  }

  /** The bar, laid out anew with each walkthrough. */
  element(): HTMLElement {
    const { session } = this.context;
    const hidden = (part: 'play' | 'reset' | 'editors' | 'embed') => this.context.hidden(part);
    const extras = [
      ...(hidden('play') ? [] : [this.speedControl()]),
      // The accessible name starts with the visible label, so speech input ("click Reset inputs") finds it.
      ...(hidden('reset') || hidden('editors') ? [] : [this.button('reset', t('player-reset'), t('player-reset-description'), () => session.reset())]),
      // A page opened from a file has no address a course page could embed.
      ...(hidden('embed') || window.location.protocol === 'file:' ? [] : [this.button('embed', t('player-embed'), t('player-embed-description'), this.openEmbed)]),
    ];
    const bar = el('div', { className: 'player', role: 'toolbar', ariaLabel: t('player-label') },
      this.button('first', icon('first'), t('player-first'), () => session.first()),
      this.button('previous', icon('previous'), t('player-previous'), () => session.previous()),
      ...(hidden('play') ? [] : [this.button('play', playLabel(false), t('player-play'), () => this.togglePlay())]),
      this.button('next', icon('next'), t('player-next'), () => session.next()),
      this.button('last', icon('last'), t('player-last'), () => session.last()),
    );
    if (extras.length > 0) bar.append(...this.extras(bar, extras));
    return bar;
  }

  /**
   * Speed, Reset inputs and Embed. On a wide screen they sit in the bar; on a narrow one
   * (styles/narrow.css) they fold behind a "More" button, so the bar stays one row of ≤ 56 px.
   */
  private extras(bar: HTMLElement, controls: HTMLElement[]): HTMLElement[] {
    const panel = el('div', { className: 'player-extras', id: 'player-extras' }, ...controls);
    const more = this.button('more', icon('more'), t('player-more'), () => folded.set(!folded.isOpen()));
    const folded = disclosure(more, panel, (open) => bar.classList.toggle('more-open', open),
      () => panel.querySelector<HTMLElement>('select, button')?.focus());
    return [more, panel];
  }

  /**
   * A button of the bar. An icon is named by `description`; a button that shows words is named
   * by them (what a learner sees is what voice control hears), `description` its tooltip.
   */
  private button(name: string, label: string | Node, description: string, action: () => void): HTMLButtonElement {
    const named = typeof label === 'string' ? {} : { ariaLabel: description };
    const button = el('button', { type: 'button', className: `control-${name}`, title: description, ...named }, label);
    button.addEventListener('click', action);
    return button;
  }

  private speedControl(): HTMLElement {
    const select = el('select', { id: 'speed' },
      ...SPEEDS.map(([value, label]) => el('option', { value, selected: Number(value) === this.interval }, t(label))));
    select.addEventListener('change', () => {
      this.interval = Number(select.value);
      if (this.playing) {
        this.pause();
        this.togglePlay();
      }
    });
    return el('label', { className: 'speed' }, `${t('player-speed')} `, select);
  }

  private enable(index: number): void {
    const set = (name: string, disabled: boolean) => {
      const button = this.context.root.querySelector<HTMLButtonElement>(`.control-${name}`);
      if (button && button.disabled !== disabled) button.disabled = disabled;
    };
    const end = this.context.session.lastOpen();
    set('first', index === 0);
    set('previous', index === 0);
    set('next', index >= end);
    set('last', index >= end);
  }

  private get playing(): boolean {
    return this.timer !== undefined;
  }

  private setPlayLabel(playing: boolean): void {
    const button = this.context.root.querySelector<HTMLButtonElement>('.control-play');
    if (!button) return;
    button.replaceChildren(playLabel(playing));
    button.setAttribute('aria-label', playing ? t('player-pause') : t('player-play'));
  }

  /** Plays from the current step (from the first, if at the end) and stops at the last. */
  private togglePlay(): void {
    if (this.playing) {
      this.pause();
      return;
    }
    const { session } = this.context;
    if (session.index === session.steps.length - 1) session.first();
    this.timer = window.setInterval(() => {
      if (session.index >= session.lastOpen()) this.pause();
      else session.next();
    }, this.interval);
    this.setPlayLabel(true);
  }

  private pause(): void {
    if (this.timer === undefined) return;
    window.clearInterval(this.timer);
    this.timer = undefined;
    this.setPlayLabel(false);
  }

  private onKey(event: KeyboardEvent): void {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target as HTMLElement | null;
    if (target?.closest('input, select, textarea, button, a, [role="grid"], [role="application"]')) return;
    const { session } = this.context;
    const actions: Record<string, () => void> = {
      ArrowRight: () => session.next(),
      ArrowLeft: () => session.previous(),
      Home: () => session.first(),
      End: () => session.last(),
      ' ': () => this.togglePlay(),
    };
    const action = actions[event.key];
    if (action) {
      event.preventDefault();
      action();
    }
  }
}
