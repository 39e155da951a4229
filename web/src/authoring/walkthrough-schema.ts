// The walkthrough format written out for editors and instructors from the kinds' descriptors:
// docs/walkthrough.schema.json (a JSON Schema) and the input tables of docs/walkthrough-format.md.
// Each kind's part comes from its fields (kinds/<kind>/inputs.ts) and its words (about.ts); the
// parts every kind shares (ids, texts, steps' words, exercises) are declared here. Run at build
// time by scripts/walkthrough-schema.mjs (tests/page/walkthrough-format.test.mjs checks the
// committed files against it and holds the schema and the validator to the same answers), and in
// the page only by the editor, whose exercise forms are made from EXERCISE_BRANCHES.
import { numberRangeWords, type FieldShape, type InputField, type InputFields } from '../model/input-fields.js';
import { TOKENS } from '../model/limits.js';
import { fixedStepIds } from '../model/pipeline.js';
import type { Exercise, Kind } from '../model/types.js';
import { STEP_TEXT_LIMITS } from '../model/validate-step-texts.js';
import { drawableInputs } from './per-learner.js';
import { EXERCISE_TEXT, MAX_EXERCISES } from '../exercises/validate-exercises.js';
import { PICK_GRID_MAX } from '../exercises/pick-cell.js';
import type { About } from '../kinds/descriptor.js';
import { descriptorOf, KINDS } from '../kinds/index.js';
import { LESSON_IDS, TEXT_LIMITS } from './validate-walkthrough.js';

export type Schema = Record<string, unknown>;

/** Each kind's words (kinds/<kind>/about.ts), by kind. */
export type Abouts = Readonly<Record<Kind, About<InputFields>>>;

/** "kv-cache" → "kvCache". */
const camel = (name: string): string => name.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());

const inputsDef = (kind: Kind) => `${camel(kind)}Inputs`;

/** The powers of two from `min` to `max`. */
function doublings(min: number, max: number): number[] {
  const sizes: number[] = [];
  for (let n = min; n <= max; n *= 2) sizes.push(n);
  return sizes;
}

const rowsOf = (rows: { min: number; max: number }, items: Schema): Schema => ({ type: 'array', minItems: rows.min, maxItems: rows.max, items });

/** A field's value as JSON Schema states it (what it cannot, a rule between fields, the page checks). */
function valueSchema(field: FieldShape): Schema {
  switch (field.type) {
    case 'integer':
      return field.doubling ? { type: 'integer', enum: doublings(field.min, field.max) } : { type: 'integer', minimum: field.min, maximum: field.max };
    case 'choice':
      return { enum: field.values };
    case 'words':
      return { $ref: '#/$defs/words' };
    case 'text':
      // A text of at most n bytes has at most n characters; the page checks the bytes.
      return { type: 'string', minLength: field.bytes.min, maxLength: field.bytes.max };
    case 'matrix':
      return rowsOf(field.rows, rowsOf(field.cols, { type: 'number' }));
    case 'positions':
      return { type: 'array', ...(field.count.min > 0 ? { minItems: field.count.min } : {}), maxItems: field.count.max, items: { type: 'integer', minimum: 0, maximum: field.below - 1 } };
    case 'number-or-null':
      return { type: ['number', 'null'] };
    case 'number':
      return { type: 'number', [field.aboveMin ? 'exclusiveMinimum' : 'minimum']: field.min, [field.belowMax ? 'exclusiveMaximum' : 'maximum']: field.max };
    case 'mask':
      return {
        oneOf: [
          { type: 'null' },
          { const: 'causal' },
          { type: 'object', additionalProperties: false, required: ['keyLength'], properties: { keyLength: { type: 'integer', minimum: 0, maximum: field.keys, description: 'Number of real (unpadded) keys, 0 … m.' } } },
          rowsOf({ min: 1, max: field.queries }, rowsOf({ min: 1, max: field.keys }, { enum: [0, 1] })),
        ],
      };
  }
}

/** A field's type and range in words, for the format doc's table. */
export function valueWords(field: FieldShape): string {
  switch (field.type) {
    case 'integer':
      return field.doubling ? `${doublings(field.min, field.max).join(', ')}` : `a whole number from ${field.min} to ${field.max}`;
    case 'choice':
      return field.values.map((v) => `\`${JSON.stringify(v)}\``).join(', ');
    case 'words':
      return `${field.count.min} to ${field.count.max} tokens, each ${field.bytes.min} to ${field.bytes.max} bytes of UTF-8 with no spaces`;
    case 'text':
      return `a text of ${field.bytes.min} to ${field.bytes.max} bytes of UTF-8, spaces included`;
    case 'matrix':
      return `${field.rows.min} to ${field.rows.max} rows (${field.rowsName}) of ${field.cols.min} to ${field.cols.max} numbers (${field.colsName})`;
    case 'positions':
      return `${field.count.min} to ${field.count.max} whole numbers from 0 to ${field.below - 1}`;
    case 'number-or-null':
      return 'a number, or `null`';
    case 'number':
      return `a number ${numberRangeWords(field)}`;
    case 'mask':
      return `\`null\`, \`"causal"\`, \`{"keyLength": L}\` or a matrix of 0 and 1 (at most ${field.queries} × ${field.keys})`;
  }
}

function inputsSchema(kind: Kind, about: About<InputFields>): Schema {
  const fields = Object.entries(descriptorOf(kind).inputs) as [string, InputField][];
  return {
    type: 'object',
    additionalProperties: false,
    required: fields.filter(([, f]) => !f.optional).map(([name]) => name),
    description: about.description,
    properties: Object.fromEntries(fields.map(([name, f]) => [name, {
      ...valueSchema(f),
      description: about.fields[name],
      ...(f.default === undefined ? {} : { default: f.default }),
    }])),
  };
}

/**
 * Each exercise type's own fields, as one branch of an exercise's oneOf (also what the editor's
 * forms are made from: authoring/draft.ts).
 */
export const EXERCISE_BRANCHES: { readonly [T in Exercise['type']]: Schema } = {
  numeric: {
    required: ['stage', 'row', 'column'],
    properties: {
      type: { const: 'numeric', description: 'A number typed by the learner, graded with a tolerance.' },
      stage: { enum: ['score', 'scaled', 'weight', 'output'], description: 'Which matrix the cell is in.' },
      row: { type: 'integer', minimum: 0, description: 'The query row, below the number of queries.' },
      column: { type: 'integer', minimum: 0, description: 'The key, or for output the value column, within that matrix.' },
      tolerance: { type: 'number', exclusiveMinimum: 0, description: 'How close counts; 0.005 when omitted.' },
    },
  },
  'pick-key': {
    required: ['row'],
    properties: {
      type: { const: 'pick-key', description: 'Predict, then reveal: the learner picks the key that query `row` will give the most weight (place it before the softmax step).' },
      row: { type: 'integer', minimum: 0, description: 'The query row, below the number of queries.' },
    },
  },
  'order-passes': {
    properties: { type: { const: 'order-passes', description: 'The learner puts the walkthrough\'s computing steps in the order they run.' } },
  },
  value: {
    required: ['step', 'panel', 'row', 'column'],
    properties: {
      type: { const: 'value', description: 'A number of a matrix a later step shows, worked out from what earlier steps show; graded against the engine\'s number in that panel.' },
      step: { type: 'string', description: 'The step whose panel holds the number (checked when the walkthrough opens).' },
      panel: { type: 'string', description: 'The name of a matrix or heatmap of that step (checked when the walkthrough opens).' },
      row: { type: 'integer', minimum: 0, description: 'The row, within that matrix.' },
      column: { type: 'integer', minimum: 0, description: 'The column, within that matrix.' },
      tolerance: { type: 'number', exclusiveMinimum: 0, description: 'How close counts; 0.005 when omitted.' },
    },
  },
  'pick-cell': {
    description: 'Pick the cell: the learner picks one cell of a matrix a step shows; the right one is found in the engine\'s numbers of that panel by the rule, within one row, one column, or the whole matrix (neither given).',
    required: ['step', 'panel', 'rule'],
    not: { required: ['row', 'column'] },
    properties: {
      type: { const: 'pick-cell', description: 'One cell picked (click, or the arrow keys and space) on a grid of the matrix.' },
      step: { type: 'string', description: 'The step whose panel the cell is picked from (checked when the walkthrough opens).' },
      panel: { type: 'string', description: `The name of a matrix or heatmap of that step, at most ${PICK_GRID_MAX} × ${PICK_GRID_MAX} (checked when the walkthrough opens).` },
      rule: { enum: ['max', 'min', 'blocked'], description: 'Which cell is right: the largest number, the smallest (blocked cells left out), or a cell the mask blocks. Tied cells are all right.' },
      row: { type: 'integer', minimum: 0, maximum: PICK_GRID_MAX - 1, description: 'Only this row\'s cells are picked from (within that matrix).' },
      column: { type: 'integer', minimum: 0, maximum: PICK_GRID_MAX - 1, description: 'Only this column\'s cells are picked from (within that matrix); not with row.' },
      numbers: { enum: ['shown', 'hidden'], description: 'hidden: the grid shows only the labels, to predict the numbers before the step that shows them; shown when omitted.' },
    },
  },
  'cost-growth': {
    required: ['variant', 'measure', 'n'],
    properties: {
      type: { const: 'cost-growth', description: 'The factor by which the count grows from n to 2n, typed by the learner.' },
      variant: { enum: ['full', 'flash', 'chunked', 'linear', 'sparse', 'rnn'], description: 'The variant measured.' },
      measure: { enum: ['multiplyAdds', 'peakCells'], description: 'measureCost\'s count: the multiply-adds of one call, or the cells of its largest intermediate.' },
      n: { enum: [64, 128, 256, 512], description: 'The size doubled (2n is measured too).' },
      tolerance: { type: 'number', exclusiveMinimum: 0, description: 'How close counts; 0.05 when omitted.' },
    },
  },
  'alibi-numeric': {
    required: ['stage', 'head', 'row', 'column'],
    properties: {
      type: { const: 'alibi-numeric', description: 'A number of one head of the ALiBi layer typed by the learner, graded with a tolerance.' },
      stage: { enum: ['slope', 'bias', 'biased', 'weight', 'output'], description: 'Which number: the head\'s slope, its bias, scaled + bias, a weight or an output.' },
      head: { type: 'integer', minimum: 0, maximum: 15, description: 'The head k, 0 to H − 1.' },
      row: { type: 'integer', minimum: 0, maximum: 255, description: 'The query (0 for the slope).' },
      column: { type: 'integer', minimum: 0, maximum: 255, description: 'The key, or the output column (0 for the slope).' },
      otherHeads: { type: 'boolean', description: 'Graded on the layer with otherHeads heads instead of heads.' },
      tolerance: { type: 'number', exclusiveMinimum: 0, description: 'How close counts; 0.005 when omitted.' },
    },
  },
  'rope-numeric': {
    required: ['stage', 'row', 'column'],
    properties: {
      type: { const: 'rope-numeric', description: 'A number of the rotary-positions layer typed by the learner, graded with a tolerance.' },
      stage: { enum: ['rotated', 'score', 'output'], description: 'Which matrix the cell is in: the turned query, the scores q′·k′, or the output.' },
      row: { type: 'integer', minimum: 0, maximum: 1, description: 'The query: 0 at m, 1 at m + shift.' },
      column: { type: 'integer', minimum: 0, maximum: 1023, description: 'A column of the turned query, a key (0 at n, 1 at n + shift), or an output column.' },
      tolerance: { type: 'number', exclusiveMinimum: 0, description: 'How close counts; 0.005 when omitted.' },
    },
  },
  'grouped-query-numeric': {
    required: ['stage', 'heads', 'kvHeads', 'layers', 'dModel'],
    properties: {
      type: { const: 'grouped-query-numeric', description: 'A number about a model\'s grouped heads or key/value cache typed by the learner, graded with a tolerance.' },
      stage: { enum: ['kvHead', 'cacheBytes', 'cacheGibibytes'], description: 'What is asked: the key/value head a query head reads, or the cache in bytes or in GiB.' },
      heads: { type: 'integer', minimum: 1, maximum: 65536, description: 'The model\'s query heads, dividing dModel.' },
      kvHeads: { type: 'integer', minimum: 1, maximum: 65536, description: 'Its key/value heads, dividing heads.' },
      layers: { type: 'integer', minimum: 1, maximum: 1024, description: 'Its decoder layers.' },
      dModel: { type: 'integer', minimum: 1, maximum: 65536, description: 'Its width.' },
      head: { type: 'integer', minimum: 0, maximum: 65535, description: 'kvHead: the query head; 0 when omitted.' },
      length: { type: 'integer', minimum: 1, maximum: 1048576, description: 'The cache: tokens held; 1 when omitted.' },
      bytesPerNumber: { enum: [1, 2, 4, 8], description: 'The cache: bytes a number takes; 2 when omitted.' },
      tolerance: { type: 'number', exclusiveMinimum: 0, description: 'How close counts; 0.005 when omitted.' },
    },
  },
  'window-numeric': {
    required: ['stage', 'row', 'column'],
    properties: {
      type: { const: 'window-numeric', description: 'A number of the sliding-window layer typed by the learner, graded with a tolerance.' },
      stage: { enum: ['weight', 'output', 'reach'], description: 'A weight under the window, a cell of the output, or how many positions back the token draws on after the lesson\'s layers.' },
      row: { type: 'integer', minimum: 0, maximum: 1023, description: 'The query (the token, for the reach).' },
      column: { type: 'integer', minimum: 0, maximum: 1023, description: 'A key, an output column, or 0 for the reach.' },
      tolerance: { type: 'number', exclusiveMinimum: 0, description: 'How close counts; 0.005 when omitted.' },
    },
  },
  'tokens-numeric': {
    required: ['question'],
    properties: {
      type: { const: 'tokens-numeric', description: 'A whole number about byte-level BPE on the sentence on screen typed by the learner, graded exactly.' },
      question: { enum: ['bytes', 'count', 'first', 'length', 'tokens'], description: 'What is asked: the sentence\'s bytes; merge `merge`\'s pair count, the position it first occurs at, the length after it; the new sentence\'s tokens.' },
      merge: { type: 'integer', minimum: 0, maximum: 1023, description: 'The merge k asked about (count, first, length), from 0; one the training made.' },
    },
  },
};

const exerciseDef = (type: Exercise['type']) => `${camel(type)}Exercise`;

/** A kind's exercises: its types, and, where its inputs fix its steps, the steps one may follow. */
function exercisesSchema(kind: Kind): Schema {
  const { exercises, exerciseCells, steps } = descriptorOf(kind);
  return {
    description: `Questions among the steps, graded by the engine on the inputs on screen: ${exercises.join(', ')}.`,
    type: 'array',
    minItems: 1,
    maxItems: MAX_EXERCISES,
    items: {
      type: 'object',
      required: ['id', 'type', 'title', 'prompt'],
      properties: {
        id: { type: 'string', pattern: '^[A-Za-z0-9-]{1,64}$', description: 'Unique within the walkthrough; the step is exercise-<id>.' },
        title: { type: 'string', minLength: 1, maxLength: EXERCISE_TEXT.title, pattern: '\\S', description: 'The step\'s title.' },
        prompt: { type: 'string', minLength: 1, maxLength: EXERCISE_TEXT.prompt, pattern: '\\S', description: 'The question. Name the cell in words; do not write numbers the learner may change by editing the inputs.' },
        after: exerciseCells
          ? { enum: Object.keys(steps), description: 'The step it follows; last when omitted.' }
          : { type: 'string', description: 'The step it follows (one of the walkthrough\'s step ids, checked when it opens); last when omitted.' },
      },
      oneOf: exercises.map((type) => ({ $ref: `#/$defs/${exerciseDef(type)}` })),
      unevaluatedProperties: false,
    },
  };
}

/** What a walkthrough of `kind` holds beyond the common fields, when its `kind` says so. */
function kindBranch(kind: Kind): Schema {
  const { labels, exercises, steps } = descriptorOf(kind);
  const stepIds = fixedStepIds(steps);
  return {
    if: { type: 'object', properties: { kind: { const: kind } }, required: ['kind'] },
    then: {
      type: 'object',
      properties: {
        // A kind drawn by a view of its own has no steps to word.
        stepTexts: stepIds.length > 0 ? { type: 'object', propertyNames: { enum: stepIds } } : false,
        inputs: { $ref: `#/$defs/${inputsDef(kind)}` },
        ...(exercises.length > 0 ? { exercises: { $ref: `#/$defs/${camel(kind)}Exercises` } } : {}),
        ...(labels ? { queryLabels: { $ref: '#/$defs/queryLabels' }, keyLabels: { $ref: '#/$defs/keyLabels' } } : {}),
        // A kind with no matrix input has nothing to draw.
        perLearner: drawableInputs(kind).length > 0
          ? { type: 'object', minProperties: 1, propertyNames: { enum: drawableInputs(kind) }, additionalProperties: { $ref: '#/$defs/drawnRange' } }
          : false,
      },
    },
  };
}

const labelsSchema = (of: string, example: string): Schema => ({
  type: 'array',
  minItems: 1,
  items: { $ref: '#/$defs/label' },
  description: `Names of the ${of}: one per row of inputs.${of === 'keys' ? 'key' : 'query'}, each 1 … ${TEXT_LIMITS.label} characters of plain text. Left out: ${example}`,
});

/** The whole JSON Schema of a walkthrough file. */
export function walkthroughSchema(abouts: Abouts): Schema {
  const text = (max: number, description: string): Schema => ({ type: 'string', $ref: '#/$defs/text', maxLength: max, description });
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: 'Attention Lab walkthrough',
    description: 'One walkthrough of the Attention Lab page: inputs that the page steps through, one step at a time, with every number computed by the engine. '
      + 'The format is described in walkthrough-format.md; this schema is written from the page\'s own description of each kind (scripts/walkthrough-schema.mjs). '
      + 'A few rules involve several fields and are checked only by the page: rows of one matrix of equal length, query and key widths that agree, key and value row counts that agree, '
      + 'a mask of n × m, labels one per row, heads dividing d_model, tokens of at most 64 bytes of UTF-8, and the engine\'s caps on heads × queries × keys and on the scaling experiment\'s draws.',
    type: 'object',
    required: ['id', 'kind', 'title', 'intro', 'inputs'],
    properties: {
      $schema: { type: 'string', description: 'Address of this schema, so that an editor can check the file as you type. Ignored by the page.' },
      id: {
        type: 'string',
        pattern: '^[A-Za-z0-9-]+$',
        maxLength: TEXT_LIMITS.id,
        description: `Name of the walkthrough: letters, digits and "-", at most ${TEXT_LIMITS.id} characters. It goes in the page's URL, so it may not be the id of a walkthrough the page ships.`,
      },
      lesson: {
        enum: LESSON_IDS,
        description: 'The lesson it belongs to, shown as "Lesson N · title" above it. Leave it out for a walkthrough of your own, shown outside the numbered lessons.',
      },
      kind: {
        enum: KINDS,
        description: `What the walkthrough computes, which decides the fields of inputs: ${KINDS.map((kind) => `${kind} (${abouts[kind].summary})`).join(', ')}.`,
      },
      title: text(TEXT_LIMITS.title, `Heading of the walkthrough, 1 … ${TEXT_LIMITS.title} characters of plain text (never read as HTML).`),
      intro: text(TEXT_LIMITS.intro, `One or two sentences shown above the steps, 1 … ${TEXT_LIMITS.intro} characters of plain text (never read as HTML).`),
      inputs: { type: 'object', description: 'The numbers or words to start from; their fields depend on kind. Learners can change them on the page.' },
      stepTexts: { $ref: '#/$defs/stepTexts' },
      perLearner: {
        type: 'object',
        description: 'For a practice or an exam: numbers of its own for every learner. Names matrix inputs of the kind (each given in inputs, whose shape it keeps), each with the grid its numbers are drawn from. '
          + 'The engine draws them from the learner\'s id (the LMS\'s in a SCORM package, a link\'s seed=, the component\'s seed attribute) and the walkthrough\'s id, so a learner gets the same numbers on every visit; without a learner id the page shows the file\'s own numbers. '
          + 'The intro, stepTexts and exercise prompts are shown with the learner\'s numbers, so they should fit any numbers of the grids.',
      },
    },
    allOf: KINDS.map(kindBranch),
    unevaluatedProperties: false,
    $defs: {
      stepTexts: {
        description: 'Words of the walkthrough\'s own for some of its steps, by step id (the steps a walkthrough of its kind shows; exercises have their own title and prompt), in place of the page\'s, which fit any inputs. '
          + 'They are shown while the inputs are the walkthrough\'s own, so they may describe its numbers; once a learner edits the inputs, the page\'s words come back.',
        type: 'object',
        minProperties: 1,
        additionalProperties: {
          type: 'object',
          minProperties: 1,
          additionalProperties: false,
          properties: {
            title: text(STEP_TEXT_LIMITS.title, `The step's title, 1 … ${STEP_TEXT_LIMITS.title} characters.`),
            text: text(STEP_TEXT_LIMITS.text, `The step's explanation, 1 … ${STEP_TEXT_LIMITS.text} characters.`),
          },
        },
      },
      drawnRange: {
        description: 'The grid an input drawn per learner takes its numbers from: from, from + step, … up to to (to itself when the steps land on it). '
          + 'from and step have at most 6 decimals and the grid at most a million numbers (checked by the engine when the walkthrough opens).',
        type: 'object',
        required: ['from', 'to', 'step'],
        additionalProperties: false,
        properties: {
          from: { type: 'number', description: 'The grid\'s first number.' },
          to: { type: 'number', description: 'The grid\'s end, above from.' },
          step: { type: 'number', exclusiveMinimum: 0, description: 'The grid\'s spacing, above 0 and at most to − from.' },
        },
      },
      text: { type: 'string', minLength: 1, pattern: '\\S', description: 'Plain text, not only spaces. The page shows it as it is, never as HTML.' },
      label: { type: 'string', $ref: '#/$defs/text', maxLength: TEXT_LIMITS.label },
      word: {
        type: 'string',
        minLength: TOKENS.bytes.min,
        maxLength: TOKENS.bytes.max,
        pattern: '^\\S+$',
        description: `A token: ${TOKENS.bytes.min} … ${TOKENS.bytes.max} bytes of UTF-8 (the schema counts characters; the page counts bytes) with no spaces. Shown as plain text.`,
      },
      words: {
        type: 'array',
        minItems: TOKENS.count.min,
        maxItems: TOKENS.count.max,
        items: { $ref: '#/$defs/word' },
        description: `${TOKENS.count.min} … ${TOKENS.count.max} tokens. The same word always gets the same embedding.`,
      },
      queryLabels: labelsSchema('query rows', 'q₀, q₁, …'),
      keyLabels: labelsSchema('keys', 'k₀, k₁, …'),
      ...Object.fromEntries((Object.keys(EXERCISE_BRANCHES) as Exercise['type'][]).map((type) => [exerciseDef(type), { type: 'object', ...EXERCISE_BRANCHES[type] }])),
      ...Object.fromEntries(KINDS.filter((kind) => descriptorOf(kind).exercises.length > 0).map((kind) => [`${camel(kind)}Exercises`, exercisesSchema(kind)])),
      ...Object.fromEntries(KINDS.map((kind) => [inputsDef(kind), inputsSchema(kind, abouts[kind])])),
    },
  };
}

/** A table cell: no line breaks, and a "|" that does not end the cell. */
const cell = (text: string) => text.replaceAll('|', '\\|');

/** The format doc's table of `kind`'s inputs: each field, whether it is required, its values and what it is. */
export function inputsTable(kind: Kind, about: About<InputFields>): string {
  const rows = (Object.entries(descriptorOf(kind).inputs) as [string, InputField][]).map(([name, f]) => {
    const required = f.optional ? `no${f.default === undefined ? '' : ` (left out: \`${JSON.stringify(f.default)}\`)`}` : 'yes';
    return `| \`${name}\` | ${required} | ${cell(valueWords(f))} | ${cell(about.fields[name])} |`;
  });
  return ['| field of `inputs` | required | values | what it is |', '|---|---|---|---|', ...rows].join('\n');
}
