// A tiny element builder, so views read as structure rather than as createElement calls.
// Text is always set as text, never as HTML.

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
