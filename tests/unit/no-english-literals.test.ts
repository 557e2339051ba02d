/**
 * No words of the interface are written in the code of the parts that speak the browser's language: a string literal
 * that reads as an English phrase ("Apply correction", "The page did not…") there is a message left untranslated. The
 * words come from the locale files (see utils/shared/i18n.ts).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** The parts translated so far: every file under these folders, and these files. */
const TRANSLATED = ['utils/page', 'utils/background/toolbar.ts', 'utils/background/entry-points.ts'];

function filesUnder(entry: string): string[] {
  if (!statSync(entry).isDirectory()) return [entry];
  return readdirSync(entry).flatMap((name) => filesUnder(path.join(entry, name)));
}

/** The string literals of a source file that read as a phrase: a capitalised word and at least one more. */
function phrasesIn(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
  const phrases: string[] = [];
  for (const [, , literal] of code.matchAll(/(['"`])((?:\\.|(?!\1).)*)\1/g)) {
    // A template's substitutions read as a number would.
    const text = literal!.replace(/\$\{[^}]*\}/g, '0');
    if (/^[A-Z][a-z’']+(\s+\S+)+/.test(text) && !/[{};]/.test(text)) phrases.push(text);
  }
  return phrases;
}

describe('the translated parts', () => {
  it('hold no English phrase of the interface in their code', () => {
    const found = TRANSLATED.flatMap(filesUnder)
      .filter((file) => file.endsWith('.ts'))
      .flatMap((file) => phrasesIn(readFileSync(file, 'utf8')).map((phrase) => `${file}: ${phrase}`));
    expect(found).toEqual([]);
  });

  it('would see one', () => {
    expect(
      phrasesIn("button('Apply correction', go); // 'Not this one'\nel('p', {}, `Claim ${n} of ${total}`)"),
    ).toEqual(['Apply correction', 'Claim 0 of 0']);
  });
});
