// The view `training` (views/own-views.ts), which draws the walkthroughs of kind "training", such
// as the lesson "Watch attention learn": the run's options, Train / Pause / Reset, what the learner
// is seeing (random weights at step 0, trained ones after), the curves, every head, and the
// exports. It draws the training session (session/training/) and hands the learner's actions to
// it; when it draws while a model trains (so that the page stays responsive) is
// browser/redraw-scheduler.ts's policy, and each part redraws in place, only what changed.
import { TASKS, trainerOptions, trainingInputsOf, type TrainingInputs } from '../kinds/training/inputs.js';
import { OPTION_FIELDS, optionsForTask } from '../session/training/options.js';
import { sameThreadPort } from '../session/training/same-thread.js';
import { trainingT as t } from '../session/training/words-en.js';
import { TrainingSession } from '../session/training/training-session.js';
import { trainingScript, weightsJson } from '../export/training-script.js';
import { el, setAttr, setText } from '../widgets/dom.js';
import { download } from '../widgets/download.js';
import { ChangeRefusal } from '../widgets/change-refusal.js';
import { trainingForm } from '../widgets/training-form.js';
import { trainingSpeed } from '../widgets/training-speed.js';
import { speedName } from '../session/training/speed-name.js';
import { exactNumber, formatNumber, formatPercent } from '../model/format.js';
import { TrainingCharts } from './training-charts.js';
import { TrainingHeads } from './training-heads.js';
import { IrisResults } from './iris-results.js';
import { RedrawScheduler } from '../browser/redraw-scheduler.js';
import { OpenTrainedControls, type TrainedWalkthrough } from './open-trained.js';
import { countSteps, type TrainedLayer } from '../model/trained-layer.js';
import type { DrawnWalkthrough, OwnViewOpening } from './own-view.js';
import type { TrainerHeadScores } from '../session/training/trainer-api.js';

export interface TrainLessonOptions {
  /** The lesson's label in the course ("Lesson 23 · …"), the walkthrough's title and intro. */
  heading: OwnViewOpening['heading'];
  /** What a link reproduces changed: options, or the step training stopped at. */
  onInputs: (inputs: TrainingInputs) => void;
  notify: (message: string) => void;
  announce: (message: string) => void;
  /** Opens a walkthrough on one layer of the model as it is now. */
  openWalkthrough: (walkthrough: TrainedWalkthrough, trained: TrainedLayer) => void;
}

/** Draws a walkthrough of kind "training": a run at its inputs' options, retrained to their step. */
export function drawTrainingLesson({ inputs, heading, keep, services }: OwnViewOpening): DrawnWalkthrough {
  // The view `training` draws the kind that names it: its inputs are a training run's.
  const run = inputs as TrainingInputs;
  const session = new TrainingSession((services.trainingPort ?? sameThreadPort)(services.lab));
  if (run.speed) session.speed = run.speed;
  const view = new TrainLessonView(session, {
    heading,
    onInputs: keep,
    notify: services.notify,
    announce: services.announce,
    openWalkthrough: services.openTrained,
  });
  // Options of a link the engine refuses: the task's defaults, untrained (the notice says why).
  void session.configure(trainerOptions(run), run.steps ?? 0).then((created) => created || session.configure({ task: run.task }));
  return view;
}

/** What the heads below say about the task: its roles, its ideal pattern, or that it has none. */
const seeingHeads = (scores: TrainerHeadScores | undefined) =>
  (scores?.patterns.length ? 'train-seeing-roles' : scores?.hasIdeal === false ? 'train-seeing-no-ideal' : 'train-seeing-ideal');

export class TrainLessonView implements DrawnWalkthrough {
  readonly element: HTMLElement;
  private readonly charts: TrainingCharts;
  private readonly heads: TrainingHeads;
  private readonly iris: IrisResults;
  private readonly openTrained: OpenTrainedControls;
  private readonly form;
  private readonly speed;
  private readonly trainButton = el('button', { type: 'button', className: 'primary', id: 'train-button' }, t('train-button-train'));
  private readonly resetButton = el('button', { type: 'button', id: 'train-reset' }, t('train-button-reset'));
  private readonly status = el('p', { className: 'training-status', id: 'training-status' });
  private readonly seeing = el('p', { className: 'training-seeing', id: 'training-seeing' });
  private readonly diverged = el('p', { className: 'notice training-diverged', role: 'alert', hidden: true });
  /** A refusal of the learner's own change (an option, the task), beside the options. */
  private readonly refusal = new ChangeRefusal();
  private readonly redraw: RedrawScheduler;
  private readonly observer: IntersectionObserver | undefined;
  private unsubscribe: () => void;

  constructor(private readonly session: TrainingSession, private readonly options: TrainLessonOptions) {
    this.charts = new TrainingCharts(session);
    this.heads = new TrainingHeads(session);
    this.iris = new IrisResults(session);
    this.openTrained = new OpenTrainedControls(session, options.openWalkthrough, options.notify);
    this.form = trainingForm({
      tasks: TASKS.map((task) => [task, t(`train-task-${task}`)] as const),
      fields: OPTION_FIELDS,
      onTask: (task) => void this.configure(optionsForTask(session.options, task)),
      onField: (field, value) => void this.configure(field.with(session.options, value)),
      onTarget: (steps) => {
        if (!session.setTarget(steps)) this.showForm();
      },
      words: t,
    });
    this.speed = trainingSpeed((speed) => session.setSpeed(speed), speedName, t);
    this.speed.show(session.speed);
    this.trainButton.addEventListener('click', () => (session.running ? session.pause() : session.train()));
    this.resetButton.addEventListener('click', () => void session.reset());
    const exportJson = el('button', { type: 'button', id: 'export-weights' }, t('train-export-json'));
    exportJson.addEventListener('click', () => void this.exportWeights('json'));
    const exportScript = el('button', { type: 'button', id: 'export-pytorch' }, t('train-export-pytorch'));
    exportScript.addEventListener('click', () => void this.exportWeights('pytorch'));

    this.element = el('div', { className: 'train-lesson' },
      el('section', { className: 'walkthrough-head' },
        el('p', { className: 'lesson-label' }, options.heading.label),
        el('h2', { id: 'walkthrough-title', tabIndex: -1 }, options.heading.title),
        el('p', { className: 'intro' }, options.heading.intro)),
      // id "step": where the page's skip link ("Skip to the current step") leads.
      el('section', { className: 'training-setup', id: 'step', tabIndex: -1, ariaLabel: t('train-setup-label') },
        this.form.element,
        this.refusal.element,
        el('div', { className: 'training-buttons' }, this.speed.element, this.trainButton, this.resetButton,
          el('span', { className: 'export-label' }, t('train-export-label')), exportJson, exportScript),
        this.status,
        this.diverged,
        this.seeing,
        this.openTrained.element),
      this.charts.element,
      this.iris.element,
      this.heads.element);

    const parts = [this.charts, this.iris, this.heads];
    this.redraw = new RedrawScheduler({ running: () => session.running, drawStatus: () => this.drawStatus(), parts });
    if (typeof IntersectionObserver === 'function') {
      // "Near the screen": within a screen's height, so a part is up to date as it scrolls in.
      this.observer = new IntersectionObserver((entries) => {
        for (const entry of entries) {
          const part = parts.find((p) => p.element === entry.target);
          if (part) this.redraw.setVisible(part, entry.isIntersecting);
        }
      }, { rootMargin: '100% 0px' });
      for (const part of parts) this.observer.observe(part.element);
    }

    this.unsubscribe = session.subscribe((event) => {
      if (event.type === 'notice') {
        if (!this.refusal.take(event.message)) options.notify(event.message);
      } else if (event.type === 'announce') options.announce(event.message);
      else if (event.type === 'configured') {
        this.showForm();
        this.redraw.invalidate(true);
        options.onInputs(this.inputs());
      } else if (event.type === 'state') {
        this.showState();
        this.redraw.invalidate(true);
        if (!session.running) options.onInputs(this.inputs());
      } else if (event.type === 'speed') {
        this.speed.show(session.speed);
        this.showState();
        options.onInputs(this.inputs());
      } else if (event.type === 'progress') {
        this.redraw.statusChanged();
      } else {
        this.redraw.invalidate(event.type === 'ablation');
      }
    });
  }

  dispose(): void {
    this.unsubscribe();
    this.redraw.dispose();
    this.observer?.disconnect();
    this.session.dispose();
  }

  /** What a link reproduces: the options the learner set, the step reached and the speed. */
  private inputs(): TrainingInputs {
    return trainingInputsOf(this.session.options, this.session.step, this.session.speed);
  }

  private async configure(options: Parameters<TrainingSession['configure']>[0]): Promise<void> {
    // Refused: the fields go back to the run that is kept.
    if (!(await this.refusal.during(() => this.session.configure(options)))) this.showForm();
  }

  private showForm(): void {
    const { config, defaults, target } = this.session;
    if (config && defaults) this.form.show(config, defaults, target);
  }

  private showState(): void {
    const { session } = this;
    this.form.setDisabled(session.running);
    setText(this.trainButton, t(session.running ? 'train-button-pause'
      : session.speed === 'step' ? 'train-button-step'
      : session.step > 0 && session.state !== 'finished' ? 'train-button-resume' : 'train-button-train'));
    this.trainButton.disabled = session.state === 'diverged' || session.state === 'starting';
    this.diverged.hidden = session.state !== 'diverged';
    // The engine's sentence starts "training diverged at step …": shown as it is, capitalised.
    const why = session.divergedMessage.replace(/^\w/, (c) => c.toUpperCase()).replace(/\.*$/, '.');
    setText(this.diverged, session.state === 'diverged'
      ? t('train-diverged-advice', { why })
      : '');
  }

  private drawStatus(): void {
    const { session } = this;
    this.openTrained.update();
    const evaluation = session.snapshot?.evaluation;
    const lastLoss = session.losses[session.losses.length - 1];
    const parts = [t('train-status-step', { step: String(session.step), target: String(session.target) })];
    if (lastLoss !== undefined && Number.isFinite(lastLoss)) parts.push(t('train-status-loss', { loss: formatNumber(lastLoss) }));
    if (evaluation) parts.push(t('train-status-accuracy', { accuracy: formatPercent(evaluation.accuracy), step: String(session.snapshot?.step) }));
    setText(this.status, t('train-status', { parts: parts.join(' · '), state: t(`train-state-${session.state}`) }));
    setAttr(this.status, 'title', lastLoss === undefined ? '' : t('train-status-exact', { step: String(session.step), loss: exactNumber(lastLoss) }));
    setAttr(this.status, 'data-state', session.state);
    setText(this.seeing, session.state === 'diverged'
      ? t('train-seeing-diverged')
      : session.step === 0
      ? t('train-seeing-untrained')
      : session.state === 'replaying'
        ? t('train-seeing-replaying', { step: String(session.target) })
        : `${t('train-seeing-trained', { steps: countSteps(session.step) })} ${t(seeingHeads(session.snapshot?.headScores))}`);
  }

  private async exportWeights(format: 'json' | 'pytorch'): Promise<void> {
    const { config, snapshot } = this.session;
    if (!config || !snapshot) return;
    const { step, parameters } = await this.session.parameters();
    const name = `attention-lab-${config.task}-seed${config.seed}-step${step}`;
    if (format === 'json') download(new Blob([weightsJson(config, step, parameters)], { type: 'application/json' }), `${name}.json`);
    else download(new Blob([trainingScript(config, step, parameters, snapshot.attention, snapshot.step)], { type: 'text/x-python' }), `${name}.py`);
    this.options.announce(t('train-exported', { step: String(step) }));
  }
}
