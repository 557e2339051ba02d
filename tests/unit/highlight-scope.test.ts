// @vitest-environment happy-dom
/** The selectors that the highlights' rules name the elements holding claims by (see utils/page/highlight-scope.ts). */
import { describe, expect, it } from 'vitest';
import { highlightCss } from '@/utils/page/styles';
import { pathSelector, scopedSelectors, scopesHighlights, SCOPED_FROM_ELEMENTS } from '@/utils/page/highlight-scope';

describe('scopesHighlights', () => {
  it('names elements from SCOPED_FROM_ELEMENTS elements on, counting the root, head and body', () => {
    // html, head and body, and the rest as paragraphs (the head emptied of what an earlier file left in it).
    document.head.replaceChildren();
    document.body.replaceChildren(
      ...Array.from({ length: SCOPED_FROM_ELEMENTS - 4 }, () => document.createElement('p')),
    );
    expect(scopesHighlights(document)).toBe(false);
    document.body.append(document.createElement('p'));
    expect(document.getElementsByTagName('*')).toHaveLength(SCOPED_FROM_ELEMENTS);
    expect(scopesHighlights(document)).toBe(true);
  });
});

describe('pathSelector', () => {
  it('names an element by the tags and positions among their kind of its last three steps, which match it', () => {
    document.body.innerHTML =
      '<main><div></div><article><h1>t</h1><p>a</p><p id="target">b <a href="#">c</a></p></article></main>';
    const target = document.getElementById('target')!;
    const selector = pathSelector(target)!;
    expect(selector).toBe('main:nth-of-type(1) > article:nth-of-type(1) > p:nth-of-type(2)');
    expect([...document.querySelectorAll(selector)]).toEqual([target]);
    // An element of another kind added among them (an ad between paragraphs) leaves the path as it was.
    target.before(document.createElement('div'));
    document.querySelector('article')!.before(document.createElement('section'));
    expect(pathSelector(target)).toBe(selector);
    target.before(document.createElement('p'));
    expect(pathSelector(target)).toBe('main:nth-of-type(1) > article:nth-of-type(1) > p:nth-of-type(3)');
  });

  it('starts from :root for an element near it', () => {
    document.body.innerHTML = '<p>a</p>';
    const paragraph = document.querySelector('p')!;
    expect(pathSelector(paragraph)).toBe(':root > body:nth-of-type(1) > p:nth-of-type(1)');
    expect(pathSelector(document.documentElement)).toBe(':root');
  });

  it('names the outermost shadow host for an element in a shadow tree, and nothing for an element not in the page', () => {
    document.body.innerHTML = '<section><story-body></story-body></section>';
    const outer = document.querySelector('story-body')!;
    const inner = outer.attachShadow({ mode: 'closed' });
    inner.innerHTML = '<fact-box></fact-box>';
    const innermost = inner.querySelector('fact-box')!.attachShadow({ mode: 'open' });
    innermost.innerHTML = '<p>claim</p>';
    expect(pathSelector(innermost.querySelector('p')!)).toBe(pathSelector(outer));
    expect(pathSelector(document.createElement('p'))).toBeNull();
  });

  it('escapes a tag name that is not an identifier as it stands', () => {
    const element = document.createElementNS('http://www.w3.org/1999/xhtml', 'x-1.2');
    document.body.replaceChildren(element);
    expect(pathSelector(element)).toBe(':root > body:nth-of-type(1) > x-1\\.2:nth-of-type(1)');
  });
});

describe('scopedSelectors and highlightCss', () => {
  it('gives each highlight the selectors of its elements, each once, and a rule for those highlights alone', () => {
    document.body.innerHTML = '<p>a</p><p>b</p>';
    const [first, second] = document.querySelectorAll('p');
    const selectors = scopedSelectors(
      new Map([
        ['factlens-refuted', [first!, first!, second!]],
        ['factlens-supported', [document.createElement('p')]],
      ]),
    );
    expect(selectors).toEqual(new Map([['factlens-refuted', [pathSelector(first!), pathSelector(second!)]]]));
    const css = highlightCss((name) => selectors.get(name));
    expect(css).toContain(
      `${pathSelector(first!)}::highlight(factlens-refuted), ${pathSelector(second!)}::highlight(factlens-refuted) {`,
    );
    expect(css).not.toContain('factlens-supported');
    expect(css.startsWith('@media not print {')).toBe(true);
    expect(highlightCss(() => undefined)).toBe('');
  });
});
