/**
 * No words of the interface are written in the code of the parts that speak the browser's language: a string literal
 * that reads as an English phrase ("Apply correction", "The page did not…") there is a message left untranslated. The
 * words come from the locale files (see utils/shared/i18n.ts).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** The parts translated so far: every file under these folders, and these files. */
const TRANSLATED = [
  'utils/contract',
  'utils/page',
  'utils/background',
  'utils/shared',
  'utils/ui',
  'components',
  'entrypoints/popup',
  'entrypoints/options',
  'entrypoints/sidepanel',
];

/**
 * Left in English: the requests' schemas, the last check before a request is sent (docs/service-contract.md's fields);
 * every field they check is checked first, in the interface's language, by the form or the worker that sends it.
 */
const ENGLISH_BY_DESIGN = new Set(['utils/contract/requests.ts']);

function filesUnder(entry: string): string[] {
  if (!statSync(entry).isDirectory()) return [entry];
  return readdirSync(entry).flatMap((name) => filesUnder(path.join(entry, name)));
}

/**
 * What reads as words of the interface in a source file: a string literal that reads as a phrase (a capitalised word
 * and at least one more); and in a component, the text between its tags and the words given to a user-visible
 * attribute (`aria-label`, `title`, `placeholder`, `alt`, and a field's `label`).
 */
function phrasesIn(source: string, component = false): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
  const phrases: string[] = [];
  for (const [, , literal] of code.matchAll(/(['"`])((?:\\.|(?!\1).)*)\1/g)) {
    // A template's substitutions read as a number would.
    const text = literal!.replace(/\$\{[^}]*\}/g, '0');
    // An HTTP header's value ("Bearer …") is not a phrase.
    if (/^[A-Z][a-z’']+(\s+\S+)+/.test(text) && !/[{};]/.test(text) && !/^Bearer /.test(text)) phrases.push(text);
  }
  return component ? phrases.concat(jsxWords(code)) : phrases;
}

/** Words that start code, not text, between a `>` or `}` and a `<` or `{`. */
const CODE_WORDS =
  /^(?:return|as|extends|const|let|type|else|finally|catch|try|interface|function|class|export|import|Promise)\b/;

/** A component's text nodes and user-visible attributes that hold words (a letter, then another). */
function jsxWords(code: string): string[] {
  const words = /\p{L}{2}/u;
  // After a tag's end or an expression's, up to the next tag or expression; not after an arrow (`=> Promise<`), and
  // not code between a block's braces (`} finally {`) or a type's (`}: FormProps & {`).
  const texts = [...code.matchAll(/(?<![=-])[>}]([^<>{}=;()]*)(?=[<{])/g)]
    .map(([, text]) => text!.trim())
    .filter((text) => /^[\p{L}“‘'"(←]/u.test(text) && words.test(text) && !CODE_WORDS.test(text));
  const attributes = [...code.matchAll(/\b(?:aria-label|title|placeholder|alt|label)="([^"]*)"/g)]
    .map(([, text]) => text!)
    .filter((text) => words.test(text));
  return texts.concat(attributes);
}

describe('the translated parts', () => {
  it('hold no English phrase of the interface in their code', () => {
    const found = TRANSLATED.flatMap(filesUnder)
      .filter((file) => /\.tsx?$/.test(file) && !ENGLISH_BY_DESIGN.has(file))
      .flatMap((file) =>
        phrasesIn(readFileSync(file, 'utf8'), file.endsWith('.tsx')).map((phrase) => `${file}: ${phrase}`),
      );
    expect(found).toEqual([]);
  });

  it('would see one', () => {
    expect(
      phrasesIn("button('Apply correction', go); // 'Not this one'\nel('p', {}, `Claim ${n} of ${total}`)"),
    ).toEqual(['Apply correction', 'Claim 0 of 0']);
  });

  it('would see one in a component: its text, or an attribute read out', () => {
    expect(
      phrasesIn(
        '<p class="hint">\n  Saved {count} of {total}\n</p><button aria-label="Close">{t(\'close\')}</button>' +
          '<TextBox label="Topic" /><h1>{t(\'x\')}</h1>',
        true,
      ),
    ).toEqual(['Saved', 'of', 'Close', 'Topic']);
  });
});
