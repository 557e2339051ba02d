/**
 * Building the in-page UI without HTML strings: every piece of page or service text goes in as a text
 * node, and links are http(s) only. Nothing here parses markup.
 */
import { safeHttpUrl } from '../shared/urls';

type Child = Node | string | null | undefined | false;

/** An element with attributes and children; strings become text nodes, never markup. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string | boolean | undefined> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    if (name.startsWith('on')) throw new Error('event handlers are attached with addEventListener');
    element.setAttribute(name, value === true ? '' : value);
  }
  append(element, ...children);
  return element;
}

export function append(parent: Node, ...children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
  }
}

/** A link to an http(s) address, opened in a new tab without access to this page; anything else is plain text. */
export function safeLink(href: string | null, text: string, attributes: Record<string, string> = {}): HTMLElement {
  const url = safeHttpUrl(href);
  if (!url) return el('span', {}, text);
  return el('a', { ...attributes, href: url, target: '_blank', rel: 'noopener noreferrer' }, text);
}

/**
 * The language the page declares for a node's text: the nearest `lang` around it, across the shadow roots it is in;
 * '' (not known) if none is declared. Page text quoted in the overlay, whose own words are English, takes it.
 */
export function declaredLang(node: Node | null): string {
  let element = node instanceof Element ? node : (node?.parentElement ?? null);
  while (element) {
    const declaring = element.closest('[lang]');
    if (declaring) return declaring.getAttribute('lang')!;
    const root = element.getRootNode();
    element = root instanceof ShadowRoot ? root.host : null;
  }
  return '';
}
