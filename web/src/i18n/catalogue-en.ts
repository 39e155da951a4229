// The page's words in English, in Fluent's syntax (https://projectfluent.org/fluent/guide/):
// `id = text`, `{ $name }` an argument. The source every other catalogue translates and the
// pseudo-locales are generated from (i18n/pseudo.ts). tests/page/i18n.test.mjs checks that every
// catalogue has each id here, with the same arguments.
import { ENGLISH_AUTHORING } from './catalogue-en-authoring.js';
import { ENGLISH_ENGINE_SENTENCES } from './catalogue-en-engine-sentences.js';

export const ENGLISH = `
## The page
tagline = Attention, one exact number at a time.
nav-lessons = Lessons
skip-to-step = Skip to the current step
language-label = Language
notice-lang-refused = The language { $value } is not one this page offers ({ $offered }), so it is shown in { $shown }.
notice-dismiss = Dismiss this notice
engine-failed = The attention engine could not start: { $reason }

## The player bar
player-label = Step controls
player-first = First step
player-previous = Previous step
player-play = Play the steps
player-pause = Pause
player-next = Next step
player-last = Last step
player-more = More step controls: speed, reset, embed
player-reset = Reset inputs
player-reset-description = Reset inputs to the walkthrough’s own
player-embed = Embed
player-embed-description = Embed this step in a course page
player-speed = Speed
speed-slow = slow
speed-normal = normal
speed-fast = fast
play-word-play = Play
play-word-pause = Pause

## A walkthrough
walkthrough-tabs = Walkthroughs in this lesson
steps-heading = Steps
next-in-course = Next in the course
edit-help = Arrow keys move between numbers. Enter edits an input number or explains a computed one.
lesson-label = Lesson { $number } · { $title }
own-walkthrough = Written for this course
weights-random = Random weights
weights-trained = Trained on { $what }
weights-trained-detail = The tokens are the probe example of { $what }, not the walkthrough’s words: that model knows only its task’s symbols, so this walkthrough shows words only with random weights. Switch to random weights to compare; the lab’s language model, trained on real text, is in “A trained model reads a sentence”.
weights-random-detail = These weights are drawn at random from the seed, untrained: the arithmetic is exact, but nothing was learned. The trained weights on offer come from a toy task on digits; the lab’s language model, trained on real text, is in “A trained model reads a sentence”.
open-own = Open your own…
open-own-description = Open a walkthrough file you wrote (see the walkthrough format)
opened-own = Opened your walkthrough “{ $title }”.
next-lesson = Next: Lesson { $number } · { $title } →
next-same-lesson = Next in this lesson: { $title } →

## A step
step-progress = Step { $number } of { $total }
step-announce = Step { $number } of { $total }: { $title }
formula-scrolls = Formula (scrolls sideways)
explain-heading = Explain this number: { $matrix }, row { $row }, column { $column }
explain-exact = Exact value: { $value }
pipeline-label = Where this step sits in a transformer
pipeline-caption = In a transformer:
pipeline-link-title = Lesson { $number }: { $title }
numbers-as-table = The numbers as a table
wide-full-size = Full-size numbers
wide-fit-all = Fit all { $count } columns
wide-all-shown = All { $count } columns shown.
wide-columns-shown = Columns { $first }–{ $last } of { $count } shown; scroll sideways for the rest.

## The glossary
glossary-source = Source: { $title }
glossary-summary = Glossary ({ $count } terms)

## The embed dialog
embed-heading = Embed this step
embed-intro = Paste this into a course page (an HTML block in Moodle, Canvas, Open edX, a blog…). It opens on this walkthrough and step, with your edited inputs. The script line is optional: it makes the frame as tall as its content.
embed-options = Options
embed-hide-prose = Hide the explanations
embed-hide-steps = Hide the list of steps
embed-hide-editors = Hide the editors (read-only numbers)
embed-hide-export = Hide the export menu
embed-exam = Exam mode: one answer per question, recorded without feedback; the inputs cannot change
embed-code = Embed code
embed-copy = Copy
embed-copied = Copied to the clipboard.
embed-copy-refused = The browser did not allow copying: the code is selected, press Ctrl+C (⌘C on a Mac).
embed-close = Close
report-button = Class report…
report-heading = Class report
report-intro = Open the results your course exported: the statements the lab sent to your Learning Record Store or LMS (xAPI, a JSON file), or Moodle’s SCORM interactions report (downloaded with “Summary of question” and “Summary of result” ticked). For every question: the share of learners right at their first try, and the mistakes the engine named in the wrong ones. The file is read in this browser; nothing is sent anywhere.
report-open = Open a results file (JSON, or Moodle’s report)…
report-read = { $file }: { $learners } learners, { $questions } questions.
report-refused = { $file } could not be read: { $reason }
report-too-large = expected a results file of at most { $max }, got { $size }
report-question = { $title } ({ $walkthrough })
report-right-first = Right at first try: { $right } of { $learners } learners ({ $share }).
report-table-caption = First tries at “{ $title }”
report-col-answer = First try
report-col-learners = Learners
report-col-share = Share
report-right = Right
report-unnamed = Wrong, no mistake named
report-undiagnosed = Wrong (the file records no diagnosis)
embed-frame-title = Attention Lab: { $title }
embed-private = This page runs on { $where }.
embed-private-detail = Only this computer can open that address: in a course, learners would see an empty frame. Put the page’s files on a web host they can reach and type its address here; the code below then points there.
embed-public-address = Public address of the site
embed-address-refused = { $reason }. The code below still uses the last good address.

## The export menu
export-summary = Export
export-load-failed = The export tools could not be loaded ({ $reason }); check the connection, then close and open Export again.
panel-load-failed = This part of the step could not be loaded ({ $reason }); check the connection and reload the page.
embed-dialog-failed = The Embed dialog could not be loaded ({ $reason }); check the connection and try again.
class-report-failed = The class report could not be loaded ({ $reason }); check the connection and try again.
training-engine-failed = The training engine could not be loaded ({ $reason }); check the connection and reload.
cost-engine-failed = The engine could not be loaded to measure ({ $reason }); check the connection and reload.
export-fallback = The text to copy (select it and press Ctrl+C, or ⌘C on a Mac)
export-failed = That export did not work: { $reason }
export-no-matrix = This step has no matrix to export; the example below has every step’s numbers.
export-svg-limit = SVG is offered up to { $count } cells; this one is PNG only.
export-matrix-group = A matrix of this step
export-matrix = Matrix
export-download-svg = Download SVG
export-download-csv = Download CSV
export-download-png = Download PNG
export-saved = Saved { $file }.
export-saved-csv = Saved { $file }: every number with all its digits.
export-example-group = The example, every step
export-format = Format
export-latex = LaTeX (numbers as shown)
export-torch = PyTorch script
export-numpy = NumPy script
export-download = Download
export-copy = Copy
export-copy-refused = This browser did not allow copying: the text is in the box below, selected, ready for Ctrl+C (⌘C).
export-print = Print handout
export-paper-group = On paper
export-paper-note = Every step with its numbers and formulas, laid out for A4 or Letter.

## Exercises
exercise-check = Check
exercise-your-answer = Your answer
exercise-try-again = Try again.
exercise-recorded = Your answer, { $given }, is recorded. In exam mode each question takes one answer.
exercise-right-value = Right: the engine’s value is { $value }.
exercise-engine-value = The engine’s value is { $value }.
exercise-not-quite = Not quite.
exercise-not-quite-no-mistake = Not quite, and it matches none of the usual mistakes.
exercise-value-gone = With these inputs the steps no longer show this number (the walkthrough’s own inputs do: Reset inputs brings them back).
mistake-unscaled = That is the value without dividing the scores by √d_k.
mistake-divided-by-dk = That is what dividing by d_k gives; the scores are divided by √d_k, its square root.
mistake-mask-ignored = That is the value with the mask left out; a blocked key gets no weight.
mistake-no-softmax = That is the scaled score itself; the weights are the softmax of each row of scaled scores.
mistake-column-softmax = That is a softmax down the column, over the queries; each query’s weights are a softmax over its own row of keys.
mistake-rounded-early = Close: that is what rounding every intermediate to two decimals gives. Keep more digits until the end.
mistake-alibi-off-by-one-head = That is 2^(−8k/H): head k’s slope is 2^(−8(k+1)/H).
mistake-alibi-reversed-heads = That is the slope of the head counted from the other end; head 0 is the steepest.
mistake-alibi-plain-slopes = That is 2^(−8(k+1)/H); for an H that is not a power of two the paper interleaves the slopes of two powers of two.
mistake-alibi-positive-bias = That is a positive bias; ALiBi subtracts slope·|i − j|.
mistake-alibi-signed-distance = That is i − j without the absolute value, which rewards later keys.
mistake-alibi-scaled-bias = That is the bias divided by √d_k too; it is added after the scaling.
mistake-theta-to-the-position = That is what turning pair i by θᵢ to the power of the position gives; the angle is the position times θᵢ.
mistake-wrong-convention = That is what pairing the columns the other way gives; this layer pairs them as its convention says (halves or interleaved).
mistake-rotated-values = That is what turning the values as well gives; RoPE turns only the queries and the keys, and the values stay as they are.
list-and = {" "}and{" "}
pick-key-refused = Pick one of the keys { $keys }.
pick-key-answer = { $key } gets the most weight, { $weight }.
pick-key-answer-tie = { $keys } tie for the most weight, { $weight } each.
pick-key-right = Right: { $key } gets { $weight }, the largest weight of the row. The softmax keeps the order of the scaled scores, so the largest score wins.
pick-key-mask-ignored = Without the mask { $key } would get the most weight, but the mask blocks it for this query: its weight is 0.
pick-key-blocked = The mask blocks { $key } for this query: its weight is 0.
pick-key-wrong = { $key } gets { $weight }; another key gets more.
order-refused = Order all { $count } steps: { $steps }.
order-answer = The order is: { $order }.
order-right = Right: { $order }.
order-right-mask-first = Right: blocking a score before dividing by √d_k gives the same weights (a blocked score stays blocked). The engine divides first: { $order }.
order-why-other = “{ $first }” comes before “{ $second }”.
order-why-scores-scale = There is nothing to divide by √d_k before the dot products Q·Kᵀ exist.
order-why-scale-softmax = The division by √d_k comes before the softmax: it tames the scores the softmax turns into weights; dividing the weights instead would leave rows that no longer sum to 1.
order-why-mask-softmax = The mask goes on the scores before the softmax: a weight blocked after it would leave the row summing to less than 1.
order-why-softmax-output = The weighted sum of the values needs the weights, which the softmax makes.
order-why-scores-mask = The mask blocks scores, so the scores come first.
order-why-scores-softmax = The softmax turns scores into weights, so the scores come first.
order-why-scores-output = The weighted sum needs weights, and those come from the scores.
order-caption = { $caption }: first step at the top
order-move-up = Move { $step } up
order-move-down = Move { $step } down
order-moved = { $step } is now step { $number } of { $total }.
cell-empty = Type a number, e.g. 0.5 or -2.
cell-not-number = “{ $text }” is not a finite number; type one like 0.5 or -2.
component-snippet-intro = Paste this into a page of a site that runs scripts (Jupyter Book, MkDocs, Docusaurus…), with attention-lab.js and the files beside it copied to the site. Edited numbers are not carried over: the tag opens the walkthrough’s own.
training-title = Watch attention learn

## Notices: links, typed inputs, loading
link-no-lesson = There is no lesson called { $value } (expected a number from 1 to { $last } or one of { $names }), so the worked example opens.
link-no-walkthrough = There is no walkthrough called { $value }, so the worked example is shown.
link-bad-step = The step { $value } is not a step name, so the walkthrough starts at its first step.
link-bad-weights = The link’s weights { $value } is not “random”, so the walkthrough shows its usual weights.
link-inputs-unreadable = The inputs in this link could not be read: { $reason }. The walkthrough’s own inputs are shown.
link-inputs-not-json = The inputs in this link are not valid JSON, so the walkthrough’s own inputs are shown.
link-inputs-misfit = The inputs in this link do not fit this walkthrough, so its own inputs are shown.
link-inputs-not-base64 = their compressed form is damaged (characters outside base64url)
link-inputs-too-large = they inflate to more than { $megabytes } MB
link-inputs-damaged = their compressed form is damaged (cut short, or changed by hand)
link-layer-alone = The link’s layer is used only with a walkthrough (w=…), so it was ignored.
link-no-trained = The walkthrough { $value } cannot show a trained model’s weights, so it shows its own.
link-malformed = The link is malformed: { $name } has a “%” that is not followed by two hexadecimal digits (or encodes no character), so it was ignored.
link-hash-malformed = The link’s # part is malformed: { $name } has a “%” that is not followed by two hexadecimal digits (or encodes no character), so it was ignored.
link-repeated = The link gives { $name } more than once; the first one was used.
link-hash-repeated = The link’s # part gives { $name } more than once; the first one was used.
link-unknown = The link parameter { $name } is not one this page knows; it was ignored.
link-training-not-whole = The link’s { $key } { $value } is not a whole number, so the task’s default is used.
link-training-not-number = The link’s { $key } { $value } is not a number, so the task’s default is used.
link-training-no-task = There is no training task called { $value } (expected one of { $tasks }), so the lesson opens on compare.
link-training-no-optimizer = The link’s optimizer { $value } is not one of { $optimizers }, so the task’s default is used.
link-training-bad-steps = The link’s steps { $value } is not a whole number up to 100000, so the model starts untrained.
link-training-bad-layer = The link’s layer { $value } is not a layer number, so the first layer is shown.
input-no-words = { $label }: type at least one word.
input-no-text = { $label }: type some text.
input-not-number = { $label }: “{ $text }” is not a number.
input-not-whole = { $label }: expected a whole number, got { $value }.
input-too-small = { $label }: expected at least { $min }, got { $value }.
input-too-large = { $label }: expected at most { $max }, got { $value }.
notice-code-unavailable = This walkthrough’s code could not be loaded ({ $reason }); check the connection and try again.
notice-engine-unavailable = The engine this lesson needs could not be loaded ({ $reason }); check the connection and try again.
notice-language-model-unavailable = The language model this lesson reads could not be loaded ({ $reason }); check the connection and try again.
notice-language-model-not-in-file = This offline file does not carry the language model this walkthrough reads. Download this walkthrough from the lab (its file carries the model), or open it on the lab’s site; the lesson’s other walkthroughs work here.
loading-language-model = Loading the language model…
notice-trained-unavailable = The trained weights could not be loaded ({ $reason }), so this walkthrough shows random weights.
notice-trained-refused = “{ $title }” cannot show a trained model’s weights (only self-attention walkthroughs of multi-head attention and the encoder layer can), so it shows its own.
notice-exercises-misplaced = This walkthrough’s exercises cannot be shown: { $problem }.
notice-own-numbers-refused = This walkthrough’s numbers could not be drawn for you, so it shows its file’s own: { $reason }
own-numbers-drawn = Your own numbers, drawn for “{ $learner }”: other learners have other ones.
notice-no-step = This walkthrough has no step “{ $step }”, so it starts at the first step.
notice-refused-inputs = The engine refused these inputs: { $reason }
notice-refused-value = The engine refused this value: { $reason }
## Picking a cell, grids, charts, the course's platform
pick-cell-of-row = of row “{ $row }”
pick-cell-of-column = of column “{ $column }”
pick-cell-of-matrix = of the matrix
pick-cell-wanted-max = the largest number { $where }
pick-cell-wanted-min = the smallest number { $where }
pick-cell-wanted-blocked = a cell the mask blocks { $where }
pick-cell-gone = These steps do not show this matrix: the walkthrough’s own inputs and weights do (Reset inputs, or random weights, bring them back).
pick-cell-pick-one = Pick one cell { $where }.
pick-cell-none = With these inputs no cell is { $wanted } (the walkthrough’s own inputs have one: Reset inputs brings them back).
pick-cell-name = “{ $name }”
pick-cell-name-both = row “{ $row }”, column “{ $column }”
pick-cell-blocked-word = blocked
pick-cell-answer-blocked = The mask blocks { $cells }.
pick-cell-answer = { $wanted } is at { $cell }: { $number }.
pick-cell-answer-tie = { $wanted }, { $number }, is at { $cells }.
pick-cell-and-at = {" "}and at{" "}
pick-cell-right-blocked = Right: the mask blocks { $cell }: it gets no weight.
pick-cell-right = Right: { $cell } holds { $number }, { $wanted }.
pick-cell-wrong-open = The mask lets { $cell } through: it holds { $number }.
pick-cell-wrong-blocked = The mask blocks { $cell }: it takes no part.
pick-cell-wrong-more = { $cell } holds { $number }; another cell holds more.
pick-cell-wrong-less = { $cell } holds { $number }; another cell holds less.
grid-label = { $label }: { $rows } by { $columns }, drawn as colours.
grid-hint-edit = Point at a cell, or focus the grid and use the arrow keys, to read its value; press Enter or click to edit it.
grid-hint-explain = Point at a cell, or focus the grid and use the arrow keys, to read its value; click or press Enter to explain it.
grid-hint-read = Point at a cell, or focus the grid and use the arrow keys, to read its value.
grid-readout = { $row }, { $column }: { $value } (exact { $exact })
grid-readout-blocked = { $row }, { $column }: { $value } (exact { $exact }), blocked by the mask
chart-table-summary = The numbers as a table
chart-unavailable = This chart could not be loaded ({ $reason }); check the connection and reload the page.
edit-refused-see-notice = The engine refused this value (see the notice above).
inputs-reset = The inputs are back to the walkthrough’s own.
lms-silent = The course’s learning platform did not answer, so this lesson’s progress and score are not being recorded there. The lesson itself works as usual.
lms-refused = The course’s learning platform refused part of this lesson’s record, so your place, answers or score there may be incomplete. The lesson itself works as usual.
lms-saved-unreadable = Your saved answers in this course could not be read, so the lesson starts from the beginning. Nothing else was lost.

## Where a layer's weights come from, the printed handout (i18n-rest)
count-steps = { $count } steps
count-steps-one = { $count } step
weights-label-random = Random, untrained weights (seed { $seed }): nothing learned
weights-label-trained = Trained weights: { $what }, seed { $seed }, { $steps }, layer { $layer } of { $layers }
weights-statement-random = These weights are random (untrained): the pattern is exact arithmetic, but it means nothing yet.
weights-statement-trained = These weights were trained on { $what } for { $steps }: the pattern is what the model learned there, not anything about words.
weights-statement-trained-accuracy = These weights were trained on { $what } for { $steps } (held-out accuracy { $accuracy }): the pattern is what the model learned there, not anything about words.
weights-compare-random = Compare with random weights
weights-see-trained = See weights trained on a toy task (digits)
trained-intro = The steps of layer { $layer } of a small transformer the engine trained on { $what } (seed { $seed }), on that task’s probe example ({ $tokens }), every number computed again from the learned weights. These tokens are not words: this model knows only its task’s symbols.
trained-intro-open = To watch such a model learn, open { $link }.
handout-note = Attention Lab. Every number below was computed by the engine for these inputs and is rounded to 3 decimals for reading. On the page, selecting any computed number shows its arithmetic with the numbers filled in; on paper, work it out from the numbers printed here.
handout-columns = Columns { $first }–{ $last } of { $count }
training-code-failed = The lesson’s code could not be loaded ({ $reason }); check the connection and try again.
trained-load-failed = The trained weights could not be loaded ({ $reason }); check the connection and try again.

## Matrices, heatmaps and charts (i18n-rest)
grid-row = row { $label }
grid-column = column { $label }
grid-row-sum = row sum { $value }
grid-row-sum-title = row sum, computed by the engine
matrix-every-number = { $caption }, every number
heatmap-axes = rows: { $rows } 0 … { $lastrow } (top to bottom) · columns: { $columns } 0 … { $lastcolumn } (left to right)
token-looks = Where “{ $token }” (word { $number }) looks:
exact-title = exact: { $value }
## What an edit announces
edit-cell-said = { $matrix } row { $row }, column { $column } is now { $value }; every step was recomputed.
edit-mask-said = Mask row { $row }, column { $column } is now { $value }.
edit-parameter-said = { $label } is now { $value }; every step was recomputed.

## Exercises that say ties, and what trained weights were trained on
pick-key-right-tie = Right: { $key } gets { $weight }, the largest weight of the row, tied with { $others }: their scaled scores are equal, so the softmax gives them equal weights.
pick-key-mask-ignored-tie = Without the mask { $key } would tie with { $others } for the most weight, but the mask blocks { $key } for this query: its weight is 0.
pick-cell-right-tie = Right: { $cell } holds { $number }, { $wanted }, tied with { $others }.
pick-cell-name-row = “{ $name }” (row { $number })
pick-cell-name-column = “{ $name }” (column { $number })
pick-cell-task = pick { $wanted }
pick-cell-pick-any = pick one cell
weights-what-toy = the toy task “{ $task }” on digits
weights-what-iris = Iris flowers’ four measurements

## Progress kept, exams and their review (i18n-progress)
progress-unreadable = Your saved progress could not be read, so it starts afresh. It is kept aside in this browser’s storage under “{ $key }”; nothing was erased.
progress-partly-unreadable = Part of your saved progress could not be read. It is kept aside in this browser’s storage under “{ $key }”; the rest is used.
exam-answer-first = This is an exam: answer “{ $title }” before the steps after it open.
exam-finish-first = This is an exam: answer “{ $title }” and the questions after it before opening another walkthrough.
exam-step-locked = { $title } (opens once the question before it is answered)
review-heading = Your answers
review-score = Score: { $correct } of { $total } right.
review-score-partial = Score so far: { $correct } of { $total } right ({ $answered } answered).
review-given = Your answer: { $given }.
review-not-answered = Not answered yet.
review-right = Right.
review-wrong = Wrong.
review-first-counts = The first answer to each question is the one scored; later tries are kept but do not change the score.
export-print-key = Print handout with answer key
export-versions = Versions
export-print-versions = Print versions with answer keys
export-versions-refused = Versions: expected a whole number from 1 to { $max }, got “{ $value }”.
handout-version = Version { $number } of { $count }
handout-questions-note = Work each question out on paper before you check it on the page. The steps that show the answers are left out.
handout-key-heading = Answer key, for the instructor
handout-key-note = The steps that show the answers, with the engine’s numbers for these inputs.
export-example-withheld = The whole example is offered once every question of the exam is answered.

## A training link’s speed
link-training-no-speed = The link’s speed { $value } is not one of { $speeds }, so the lesson’s default speed is used.
` + ENGLISH_AUTHORING + ENGLISH_ENGINE_SENTENCES;
