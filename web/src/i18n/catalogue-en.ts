// The page's words in English, in Fluent's syntax (https://projectfluent.org/fluent/guide/):
// `id = text`, `{ $name }` an argument. The source every other catalogue translates and the
// pseudo-locales are generated from (i18n/pseudo.ts). tests/page/i18n.test.mjs checks that every
// catalogue has each id here, with the same arguments.
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
own-walkthrough = Your own walkthrough
title-on-trained = { $title }, on trained weights
weights-random = Random weights
weights-trained = Trained on { $task }
weights-trained-detail = The input is the { $task } task’s probe example, not the walkthrough’s sentence: the model was trained on its symbols. Every number is the engine’s, on the trained weights.
weights-random-detail = These weights are drawn at random from the seed: the patterns are exact arithmetic, not learned meaning. Choose trained weights to see what a model learned.
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
`;
