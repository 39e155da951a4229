// A tiny element builder, so views read as structure rather than as createElement calls, and
// the few text helpers around it. Text is always set as text, never as HTML; where markup is
// written as a string (an SVG file, an embed snippet), model/escape-markup.ts escapes it.

import { LESSON_LINK } from '../model/format.js';

type Attributes = Partial<{
  id: string; className: string; href: string; type: string; title: string; value: string; role: string;
  tabIndex: number; hidden: boolean; selected: boolean; ariaLabel: string; ariaLabelledBy: string; ariaLive: string;
}>;

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (value === undefined) continue;
    if (key === 'ariaLabel') node.setAttribute('aria-label', String(value));
    else if (key === 'ariaLabelledBy') node.setAttribute('aria-labelledby', String(value));
    else if (key === 'ariaLive') node.setAttribute('aria-live', String(value));
    else if (key === 'role') node.setAttribute('role', String(value));
    else (node as unknown as Record<string, unknown>)[key] = value;
  }
  node.append(...children);
  return node;
}

/**
 * Text with links to the lesson "Watch attention learn" written as `[words](?train=task)` (the
 * shipped walkthroughs whose weights are random point to it): those become links, everything
 * else stays text exactly as written.
 */
export function textWithLessonLinks(text: string): (Node | string)[] {
  const parts: (Node | string)[] = [];
  let at = 0;
  for (const match of text.matchAll(LESSON_LINK)) {
    parts.push(text.slice(at, match.index), el('a', { href: match[2] }, match[1]));
    at = (match.index ?? 0) + match[0].length;
  }
  parts.push(text.slice(at));
  return parts.filter((p) => p !== '');
}

/**
 * The natural logarithm's name, "ln", in running text. In the page's sans-serif a lowercase l
 * and a capital I are the same stroke, so "ln 6" reads "In 6": the name is set in the formulas'
 * serif (styles/base.css .math-name), where the two letters differ.
 */
const MATH_NAME = /\bln\b/g;

/** Text with each "ln" in a span of class math-name; `make` builds the span (an HTML span, an SVG tspan). */
export function textWithMathNames<N extends Node>(text: string, make: (name: string) => N): (N | string)[] {
  const parts: (N | string)[] = [];
  let at = 0;
  for (const match of text.matchAll(MATH_NAME)) {
    parts.push(text.slice(at, match.index), make(match[0]));
    at = (match.index ?? 0) + match[0].length;
  }
  parts.push(text.slice(at));
  return parts.filter((p) => p !== '');
}

/** An HTML span for textWithMathNames. */
export const mathNameSpan = (name: string): HTMLSpanElement => el('span', { className: 'math-name' }, name);

/** Sets an element's text only when it changes, so an update does not re-lay-out what it left alone. */
export function setText(element: HTMLElement, text: string): void {
  if (element.textContent !== text) element.textContent = text;
}

/**
 * Sets an attribute only when it changes: setting one to the value it has still counts as a
 * change for the browser (a mutation record, style invalidation) on every edit.
 */
export function setAttr(element: Element, name: string, value: string): void {
  if (element.getAttribute(name) !== value) element.setAttribute(name, value);
}

/** Sets the `hidden` property only when it changes (see setAttr). */
export function setHidden(element: HTMLElement, hidden: boolean): void {
  if (element.hidden !== hidden) element.hidden = hidden;
}

/** The caption each element shows, and its second line's element, so an update reuses them. */
const captions = new WeakMap<HTMLElement, { caption: string; detail?: HTMLElement }>();

/**
 * A panel's caption: its first line, and a smaller second one (e.g. a head's entropy) if any.
 * A new seed changes only the second line: its text is set in place, with no nodes replaced.
 */
export function setCaption(element: HTMLElement, caption: string, detail?: string): void {
  const shown = captions.get(element);
  if (shown?.caption === caption && Boolean(shown.detail) === Boolean(detail)) {
    if (shown.detail && detail) setText(shown.detail, detail);
    return;
  }
  const small = detail ? el('small', {}, detail) : undefined;
  element.replaceChildren(caption, ...(small ? [el('br'), small] : []));
  captions.set(element, { caption, detail: small });
}

/** The label of each box focusableWhileScrolling looks after (and how to fit its content first), and the observer of their sizes. */
const scrollLabels = new WeakMap<HTMLElement, { label: string; fit?: () => void }>();
let resized: ResizeObserver | undefined;

function markScrolling(element: HTMLElement): void {
  scrollLabels.get(element)?.fit?.();
  const scrolls = element.scrollWidth > element.clientWidth + 1;
  // data-scrolls shows that the box scrolls: shadows at the edges that hide more (styles/base.css).
  element.toggleAttribute('data-scrolls', scrolls);
  if (scrolls) {
    element.tabIndex = 0;
    element.setAttribute('role', 'group');
    element.setAttribute('aria-label', scrollLabels.get(element)?.label ?? '');
  } else {
    element.removeAttribute('tabindex');
    element.removeAttribute('role');
    element.removeAttribute('aria-label');
  }
}

/**
 * Makes `element` a keyboard stop (a labelled group) while its content scrolls sideways, and an
 * ordinary box otherwise: a box that scrolls must be reachable from the keyboard. Measured in the
 * next animation frame, after layout, so the caller never forces one, and again whenever the box
 * changes size (a phone turned, a window narrowed). `fit`, if given, first shrinks the content
 * to the box as far as it may (a formula), so that only what still does not fit scrolls.
 */
export function focusableWhileScrolling(element: HTMLElement, label: string, fit?: () => void): void {
  if (!scrollLabels.has(element) && typeof ResizeObserver === 'function') {
    resized ??= new ResizeObserver((entries) => {
      for (const entry of entries) markScrolling(entry.target as HTMLElement);
    });
    resized.observe(element);
  }
  scrollLabels.set(element, { label, fit });
  requestAnimationFrame(() => markScrolling(element));
}
