// The panel's choices put in order: a numbered list whose items move up and down with buttons
// (a keyboard and a screen reader can do everything a mouse can; the new place is announced).
import { el, setText } from '../dom.js';
import type { AnswerControlFactory } from './answer-control.js';
import { t } from '../../i18n/messages.js';

export const orderPassesAnswer: AnswerControlFactory = (panel, { id, describedBy }) => {
  const choices = panel.choices ?? [];
  let order = choices.map((c) => c.value);
  const label = (value: string) => choices.find((c) => c.value === value)?.label ?? value;
  const list = el('ol', { className: 'exercise-order', id: `${id}-order` });
  list.setAttribute('aria-describedby', describedBy);
  const status = el('p', { className: 'visually-hidden', role: 'status' });
  let disabled = false;

  const move = (from: number, to: number, focusDirection: 'up' | 'down') => {
    const next = [...order];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item);
    order = next;
    draw();
    setText(status, t('order-moved', { step: label(item), number: String(to + 1), total: String(order.length) }));
    // The focus stays with the item moved, on the same button unless it is now disabled.
    const buttons = list.children[to]?.querySelectorAll<HTMLButtonElement>('button');
    const same = focusDirection === 'up' ? buttons?.[0] : buttons?.[1];
    (same && !same.disabled ? same : [...(buttons ?? [])].find((b) => !b.disabled))?.focus();
  };

  function draw(): void {
    list.replaceChildren(...order.map((value, i) => {
      const up = el('button', { type: 'button', className: 'order-move', ariaLabel: t('order-move-up', { step: label(value) }) }, '↑');
      const down = el('button', { type: 'button', className: 'order-move', ariaLabel: t('order-move-down', { step: label(value) }) }, '↓');
      up.disabled = disabled || i === 0;
      down.disabled = disabled || i === order.length - 1;
      up.addEventListener('click', () => move(i, i - 1, 'up'));
      down.addEventListener('click', () => move(i, i + 1, 'down'));
      // The place in words too: a flex item shows no list marker.
      const place = el('span', { className: 'order-place' }, `${i + 1}.`);
      place.setAttribute('aria-hidden', 'true');
      return el('li', { className: 'order-item' }, place, el('span', { className: 'order-label' }, label(value)), el('span', { className: 'order-buttons' }, up, down));
    }));
  }
  draw();
  return {
    element: el('div', {}, el('p', { className: 'exercise-caption', id: `${id}-caption` }, t('order-caption', { caption: panel.caption })), list, status),
    value: () => order.join(','),
    show: (response) => {
      const given = response.split(',');
      if (given.length === order.length && given.every((v) => order.includes(v))) {
        order = given;
        draw();
      }
    },
    disable: () => {
      disabled = true;
      draw();
    },
    invalid: (wrong) => list.setAttribute('aria-invalid', String(wrong)),
    focus: () => list.querySelector<HTMLButtonElement>('button:not(:disabled)')?.focus(),
  };
};
