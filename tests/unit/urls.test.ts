import { describe, expect, it } from 'vitest';
import { domainFromInput, linkToFact, nameFromUrl, ownTitle, supportingSource } from '@/utils/shared/urls';

describe('nameFromUrl', () => {
  it('names a page by the last part of its path, decoded', () => {
    expect(nameFromUrl('http://127.0.0.1:8787/demo/paper.pdf')).toBe('paper.pdf');
    expect(nameFromUrl('https://example.org/reports/annual%20report%202025.pdf?download=1#page=3')).toBe(
      'annual report 2025.pdf',
    );
    expect(nameFromUrl('https://example.org/docs/guide/')).toBe('guide');
  });

  it('falls back to the host, or to the address itself', () => {
    expect(nameFromUrl('https://example.org/')).toBe('example.org');
    expect(nameFromUrl('https://example.org/100%.pdf')).toBe('100%.pdf');
    expect(nameFromUrl('file:///')).toBe('file:///');
    expect(nameFromUrl('not a url')).toBe('not a url');
  });
});

describe('ownTitle', () => {
  it('keeps a page’s own title, and drops a blank one or the browser’s stand-in (its address)', () => {
    const url = 'http://localhost:33221/demo/paper.pdf';
    expect(ownTitle(' What we know about the Moon ', url)).toBe('What we know about the Moon');
    expect(ownTitle('localhost:33221/demo/paper.pdf', url)).toBe('');
    expect(ownTitle(url, url)).toBe('');
    expect(ownTitle('  ', url)).toBe('');
  });
});

describe('domainFromInput', () => {
  it('takes a domain as it is, lower-cased, and the host of an address pasted in its place', () => {
    expect(domainFromInput('nasa.gov')).toBe('nasa.gov');
    expect(domainFromInput('  ESA.int/ ')).toBe('esa.int');
    expect(domainFromInput('https://www.nasa.gov/missions/apollo-11/')).toBe('www.nasa.gov');
    expect(domainFromInput('http://bbc.co.uk')).toBe('bbc.co.uk');
    expect(domainFromInput('müller.de')).toBe('müller.de');
  });

  it('refuses what is no domain', () => {
    for (const line of [
      'nasa',
      'nasa gov',
      'javascript:alert(1)',
      'ftp://example.org',
      'nasa.gov/missions',
      '-a.org',
      '.org',
    ])
      expect(domainFromInput(line), line).toBeNull();
  });
});

describe('linkToFact', () => {
  it('opens a source at its fact: a text fragment of a short fact whole, of a long one its first and last words', () => {
    expect(linkToFact('https://example.org/a', 'The Moon is 384,400 km away.')).toBe(
      'https://example.org/a#:~:text=The%20Moon%20is%20384%2C400%20km%20away',
    );
    expect(
      linkToFact(
        'https://example.org/a',
        'A typical cup of drip coffee holds more caffeine than a single espresso shot.',
      ),
    ).toBe('https://example.org/a#:~:text=A%20typical%20cup%20of,a%20single%20espresso%20shot');
  });

  it('encodes what a text directive reads as its own (-, &, ,), and follows a fragment the address has', () => {
    expect(linkToFact('https://example.org/a#intro', 'Cost-benefit & risk, weighed')).toBe(
      'https://example.org/a#intro:~:text=Cost%2Dbenefit%20%26%20risk%2C%20weighed',
    );
  });

  it('leaves the address as it is for a fact too short or too odd, or one with a directive already', () => {
    for (const fact of ['', 'Yes.', '12 34 56', '<b>bold</b> claim here', '   '])
      expect(linkToFact('https://example.org/a', fact), fact).toBe('https://example.org/a');
    expect(linkToFact('https://example.org/a#:~:text=x', 'The Moon is round')).toBe('https://example.org/a#:~:text=x');
  });
});

describe('supportingSource', () => {
  const sources = [
    { url: null },
    { url: 'javascript:alert(1)' },
    { url: 'https://example.org/second' },
    { url: 'https://example.org/third' },
  ];
  const text = { kind: 'text' as const };
  const cite = (sourceIndex: number) => ({ kind: 'citation' as const, sourceIndex });

  it('takes the first http(s) source the reasoning cites', () => {
    expect(supportingSource({ sources, reasoningParts: [text, cite(0), cite(1), cite(3), cite(2)] })).toBe(
      'https://example.org/third',
    );
  });

  it('takes the first http(s) source when the reasoning cites none with an address', () => {
    expect(supportingSource({ sources, reasoningParts: [text, cite(1), cite(9)] })).toBe('https://example.org/second');
  });

  it('has none without an http(s) source', () => {
    expect(supportingSource({ sources: sources.slice(0, 2), reasoningParts: [cite(0)] })).toBeNull();
    expect(supportingSource({ sources: [], reasoningParts: [] })).toBeNull();
  });
});
