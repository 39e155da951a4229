// The view `text-training` (views/own-views.ts), which draws the lesson "Train your own": the
// learner's text, the model's options, Train / Pause / Start again at a speed, the held-out loss
// beside its two baselines (each with its explanation), the loss chart (with its table) and the
// samples the model writes as it learns. It draws the session (session/text-training/) and hands
// the learner's actions to it; every number is the engine's, formatted here.
import { MAX_LINK_TEXT, textTrainerOptions, textTrainingInputsOf, type TextTrainingInputs } from '../kinds/text-training/inputs.js';
import type { TextTrainerConfig, TextTrainerOptions, TextTrainingReply, TrainingRequest, Port } from '../session/training/protocol.js';
import { sameThreadPort } from '../session/training/same-thread.js';
import { TextTrainingSession } from '../session/text-training/text-training-session.js';
import { textTrainingT as t } from '../session/text-training/words-en.js';
import { trainingT } from '../session/training/words-en.js';
import { speedName } from '../session/training/speed-name.js';
import { exactNumber, formatNumber, formatSetting } from '../model/format.js';
import type { ChartPanel } from '../model/types.js';
import type { Chart } from '../widgets/chart.js';
import { loadCharts } from '../widgets/chart-panel.js';
import { el, setText } from '../widgets/dom.js';
import { ChangeRefusal } from '../widgets/change-refusal.js';
import { trainingSpeed } from '../widgets/training-speed.js';
import type { DrawnWalkthrough, OwnViewOpening } from './own-view.js';
import './text-train.css';

/** The options a learner sets in the form, as the engine names them (the model's sizes under `model`). */
const FIELDS = [
  { name: 'seed', model: false, step: '1' },
  { name: 'context', model: true, step: '1' },
  { name: 'dModel', model: true, step: '1' },
  { name: 'heads', model: true, step: '1' },
  { name: 'layers', model: true, step: '1' },
  { name: 'learningRate', model: false, step: 'any' },
  { name: 'batchSize', model: false, step: '1' },
] as const;
type FieldName = (typeof FIELDS)[number]['name'];

const read = (config: TextTrainerConfig, name: FieldName): number =>
  (name === 'seed' || name === 'learningRate' || name === 'batchSize' ? config[name] : config.model[name]);

/** How many samples are listed: the newest first. */
const SAMPLES_SHOWN = 8;

/** Draws a walkthrough of kind "text-training": a run on its inputs' text and options, retrained to their step. */
export function drawTextTrainingLesson({ inputs, heading, keep, services }: OwnViewOpening): DrawnWalkthrough {
  const run = inputs as TextTrainingInputs;
  const port = (services.trainingPort ?? sameThreadPort)(services.lab) as unknown as Port<TrainingRequest, TextTrainingReply>;
  const session = new TextTrainingSession(port);
  if (run.speed) session.speed = run.speed;
  const view = new TextTrainView(session, heading, keep, services.notify, services.announce);
  view.showText(run.text);
  // Options of a link the engine refuses: the defaults, untrained (the notice says why).
  void session.configure(textTrainerOptions(run), run.steps ?? 0).then((created) => created || session.configure({ task: 'text' }));
  return view;
}

class TextTrainView implements DrawnWalkthrough {
  readonly element: HTMLElement;
  private readonly text = el('textarea', { id: 'text-train-text' });
  private readonly textLabel = el('label', { className: 'text-train-text-label' }, t('text-train-text-label'));
  private readonly textNote = el('p', { className: 'text-train-note', id: 'text-train-text-note', ariaLive: 'polite' });
  private readonly fields = new Map<FieldName, { input: HTMLInputElement; hint: HTMLElement }>();
  private readonly target = el('input', { type: 'number', id: 'text-train-target' });
  private readonly trainButton = el('button', { type: 'button', className: 'primary', id: 'text-train-button' }, t('text-train-button-train'));
  private readonly resetButton = el('button', { type: 'button', id: 'text-train-reset' }, t('text-train-button-reset'));
  private readonly status = el('p', { className: 'training-status', id: 'text-train-status', ariaLive: 'off' });
  private readonly diverged = el('p', { className: 'notice training-diverged', role: 'alert', hidden: true });
  /** A refusal of the learner's own change (their text, an option), beside the text's buttons. */
  private readonly refusal = new ChangeRefusal();
  private readonly figures = el('dl', { className: 'text-train-figures', id: 'text-train-figures' });
  private readonly chartFigure = el('figure', { className: 'chart-panel', id: 'text-train-loss' });
  private readonly samplesHelp = el('p', { className: 'text-train-samples-help' });
  private readonly samples = el('ul', { className: 'text-train-samples', id: 'text-train-samples' });
  private readonly speed;
  private chart: Chart | undefined;
  private drawing = false;
  private unsubscribe: () => void;

  constructor(
    private readonly session: TextTrainingSession,
    heading: OwnViewOpening['heading'],
    private readonly keep: OwnViewOpening['keep'],
    notify: (message: string) => void,
    announce: (message: string) => void,
  ) {
    this.text.rows = 8;
    this.text.spellcheck = false;
    this.textLabel.htmlFor = this.text.id;
    this.target.min = '1';
    this.target.step = '1';
    this.speed = trainingSpeed((speed) => session.setSpeed(speed), speedName, trainingT);
    this.speed.show(session.speed);
    const useText = el('button', { type: 'button', id: 'text-train-use-text' }, t('text-train-use-text'));
    useText.addEventListener('click', () => void this.configure({ ...session.options, text: this.text.value }));
    const usePassage = el('button', { type: 'button', id: 'text-train-use-passage' }, t('text-train-use-passage'));
    usePassage.addEventListener('click', () => {
      const { text: _dropped, ...rest } = session.options;
      void this.configure(rest);
    });
    this.trainButton.addEventListener('click', () => (session.running ? session.pause() : session.train()));
    this.resetButton.addEventListener('click', () => void session.reset());
    this.target.addEventListener('change', () => {
      if (!session.setTarget(Number(this.target.value))) this.target.value = String(session.target);
      else this.drawStatus();
    });

    const options = el('fieldset', { className: 'text-train-options' }, el('legend', {}, t('text-train-options-label')));
    for (const field of FIELDS) {
      const input = el('input', { type: 'number', id: `text-train-${field.name.toLowerCase()}` });
      input.step = field.step;
      input.min = '0';
      const hint = el('span', { className: 'hint' });
      input.addEventListener('change', () => void this.configure(this.withField(field, input.value)));
      options.append(el('label', { className: 'text-train-option' }, t(`text-train-option-${field.name.toLowerCase()}`), input, hint));
      this.fields.set(field.name, { input, hint });
    }

    this.element = el('div', { className: 'train-lesson text-train-lesson' },
      el('section', { className: 'walkthrough-head' },
        el('p', { className: 'lesson-label' }, heading.label),
        el('h2', { id: 'walkthrough-title', tabIndex: -1 }, heading.title),
        el('p', { className: 'intro' }, heading.intro)),
      // id "step": where the page's skip link ("Skip to the current step") leads.
      el('section', { className: 'training-setup', id: 'step', tabIndex: -1, ariaLabel: t('text-train-setup-label') },
        this.textLabel,
        el('p', { className: 'hint' }, t('text-train-text-help'), ' ', t('text-train-passage-note')),
        this.text,
        el('div', { className: 'training-buttons' }, useText, usePassage),
        this.textNote,
        this.refusal.element,
        options,
        el('div', { className: 'training-buttons' },
          el('label', { className: 'text-train-target' }, t('text-train-target'), this.target),
          this.speed.element, this.trainButton, this.resetButton),
        this.status,
        this.diverged),
      el('section', { className: 'text-train-results', ariaLabel: t('text-train-figures-label') },
        el('h3', {}, t('text-train-figures-label')), this.figures),
      el('section', { className: 'training-charts', ariaLabelledBy: 'text-train-chart-heading' },
        el('h3', { id: 'text-train-chart-heading' }, t('text-train-chart-heading')), this.chartFigure),
      el('section', { className: 'text-train-samples-section', ariaLabelledBy: 'text-train-samples-heading' },
        el('h3', { id: 'text-train-samples-heading' }, t('text-train-samples-heading')), this.samplesHelp, this.samples));

    this.unsubscribe = session.subscribe((event) => {
      if (event.type === 'notice') {
        if (!this.refusal.take(event.message)) notify(event.message);
      } else if (event.type === 'announce') announce(event.message);
      else if (event.type === 'configured') {
        this.showForm();
        this.drawResults();
        this.keepInputs();
      } else if (event.type === 'state' || event.type === 'speed') {
        this.speed.show(session.speed);
        this.drawStatus();
        this.drawResults();
        if (!session.running) this.keepInputs();
      } else if (event.type === 'progress') {
        this.drawStatus();
      } else {
        this.drawResults();
      }
    });
    this.drawStatus();
  }

  dispose(): void {
    this.unsubscribe();
    this.session.dispose();
  }

  /** Shows a link's text in the box (the built-in passage's run shows an empty box, its placeholder naming it). */
  showText(text: string | undefined): void {
    this.text.value = text ?? '';
    this.text.placeholder = t('text-train-passage-note');
  }

  private withField(field: (typeof FIELDS)[number], value: string): TextTrainerOptions {
    const options = { ...this.session.options };
    const number = value === '' ? undefined : Number(value);
    if (field.model) options.model = { ...options.model, [field.name]: number };
    else Object.assign(options, { [field.name]: number });
    return options;
  }

  private async configure(options: TextTrainerOptions): Promise<void> {
    // Refused: the fields go back to the run that is kept.
    if (!(await this.refusal.during(() => this.session.configure(options)))) this.showForm();
  }

  /** What a link reproduces; a text too long for a link is left out of it, and the note says so. */
  private keepInputs(): void {
    const { inputs, textKept } = textTrainingInputsOf(this.session.options, this.session.step, this.session.speed);
    this.keep(inputs);
    const text = this.session.options.text;
    const vocab = this.session.config ? t('text-train-text-count', { vocab: String(this.session.config.model.vocab) }) : '';
    const link = text === undefined ? '' : textKept
      ? t('text-train-text-in-link')
      : t('text-train-text-not-in-link', { bytes: String(new TextEncoder().encode(text).length), most: String(MAX_LINK_TEXT) });
    setText(this.textNote, [vocab, link].filter(Boolean).join(' '));
  }

  private showForm(): void {
    const { config, defaults, options } = this.session;
    if (!config || !defaults) return;
    for (const field of FIELDS) {
      const { input, hint } = this.fields.get(field.name) as { input: HTMLInputElement; hint: HTMLElement };
      input.value = String(read(config, field.name));
      setText(hint, t('text-train-option-default', { value: formatSetting(read(defaults, field.name)) }));
    }
    if (options.text !== undefined && this.text.value !== options.text) this.text.value = options.text;
    this.drawStatus();
  }

  private drawStatus(): void {
    const { session } = this;
    for (const { input } of this.fields.values()) input.disabled = session.running;
    this.text.disabled = session.running;
    if (document.activeElement !== this.target) this.target.value = String(session.target);
    setText(this.trainButton, t(session.running ? 'text-train-button-pause'
      : session.speed === 'step' ? 'text-train-button-step'
      : session.step > 0 && session.state !== 'finished' ? 'text-train-button-resume' : 'text-train-button-train'));
    this.trainButton.disabled = session.state === 'diverged' || session.state === 'starting';
    setText(this.status, t('text-train-status', { step: String(session.step), target: String(session.target), state: t(`text-train-state-${session.state}`) }));
    this.status.dataset.state = session.state;
    this.diverged.hidden = session.state !== 'diverged';
    const why = session.divergedMessage.replace(/^\w/, (c) => c.toUpperCase()).replace(/\.*$/, '.');
    setText(this.diverged, session.state === 'diverged' ? t('text-train-diverged-advice', { why }) : '');
  }

  /** The figures with their explanations, the chart and the samples, as of the last snapshot. */
  private drawResults(): void {
    const { session } = this;
    const snapshot = session.snapshot;
    const config = session.config;
    if (!snapshot || !config) return;
    const e = snapshot.evaluation;
    const lastLoss = session.losses[session.losses.length - 1];
    const figures: [string, string, string, string][] = [
      ['held-out', t('text-train-figure-held-out', { step: String(snapshot.step) }), formatNumber(e.loss), t('text-train-explain-held-out', {
        scored: String(e.scored), loss: formatNumber(e.loss), exact: exactNumber(e.loss),
      })],
      ['bigram', t('text-train-figure-bigram'), formatNumber(e.bigramLoss), t('text-train-explain-bigram', { loss: formatNumber(e.bigramLoss) })],
      ['uniform', t('text-train-figure-uniform'), formatNumber(e.uniformLoss), t('text-train-explain-uniform', { vocab: String(config.model.vocab), loss: formatNumber(e.uniformLoss) })],
    ];
    if (lastLoss !== undefined) {
      figures.push(['batch', t('text-train-figure-batch'), formatNumber(lastLoss), t('text-train-explain-batch', {
        windows: String(config.batchSize), context: String(config.model.context), step: String(session.losses.length), loss: formatNumber(lastLoss),
      })]);
    }
    this.figures.replaceChildren(...figures.flatMap(([id, label, value, explanation]) => [
      el('dt', {}, label),
      el('dd', { id: `text-train-figure-${id}` }, el('span', { className: 'figure-value' }, value), ' ',
        el('details', { className: 'explain' }, el('summary', {}, t('text-train-explain')), el('p', {}, explanation))),
    ]));
    const { prompt } = snapshot.sample;
    setText(this.samplesHelp, t('text-train-samples-help', { prompt: prompt === '\n' ? '↵' : prompt }));
    this.samples.replaceChildren(...session.snapshots.slice(-SAMPLES_SHOWN).reverse().map((s) =>
      el('li', {}, el('span', { className: 'sample-step' }, t('text-train-sample-step', { step: String(s.step) })), ' ',
        el('q', { className: 'sample-text' }, `${s.sample.prompt}${s.sample.text}`))));
    void this.drawChart();
  }

  private async drawChart(): Promise<void> {
    if (this.drawing) return;
    this.drawing = true;
    try {
      const { Chart: ChartClass } = await loadCharts();
      const { session } = this;
      const snapshot = session.snapshot;
      if (!snapshot) return;
      this.chart ??= new ChartClass(this.chartFigure, { live: true });
      const points = session.snapshots;
      const panel: ChartPanel = {
        type: 'chart',
        name: 'text-training-loss',
        caption: t('text-train-chart-caption'),
        xLabel: t('text-train-chart-step'),
        yLabel: t('text-train-chart-loss'),
        xScale: 'linear',
        xDomain: [0, Math.max(session.target, session.step)],
        series: [
          { label: t('text-train-series-batch'), points: points.filter((p) => p.step > 0 && Number.isFinite(session.losses[p.step - 1])).map((p) => [p.step, session.losses[p.step - 1] as number]) },
          { label: t('text-train-series-held-out'), points: points.map((p) => [p.step, p.evaluation.loss]) },
        ],
        references: [
          { label: t('text-train-reference-bigram'), y: snapshot.evaluation.bigramLoss },
          { label: t('text-train-reference-uniform'), y: snapshot.evaluation.uniformLoss },
        ],
        yDomain: [0, Math.ceil(snapshot.evaluation.uniformLoss + 0.5)],
      };
      this.chart.update(panel);
    } finally {
      this.drawing = false;
    }
  }
}
