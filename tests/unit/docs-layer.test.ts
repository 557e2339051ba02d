/** A Google Doc's annotation layer read back into text: lines and paragraphs by position, lost spaces put back. */
import { describe, expect, it } from 'vitest';
import { exportUrlOf, isGoogleDoc, layerText, type LayerRun } from '@/utils/page/docs/docs-layer';

/** Runs laid out as Docs lays them: `x` and `width` in px, a line 20 px high at `top`. */
const run = (label: string, left: number, width: number, top = 100, paragraph: unknown = 'p1'): LayerRun => ({
  label,
  left,
  top,
  width,
  height: 20,
  font: '400 14.6667px Arial',
  paragraph,
});

describe('the Docs layer as text', () => {
  it('puts back the spaces the labels lost around punctuation, from the runs’ gaps', () => {
    // "The Moon, our satellite, is 384,400 km away." as Docs splits it: words, and each mark alone.
    const runs = [
      run('The Moon', 96, 70),
      run(',', 166, 4),
      run('our satellite', 174, 90),
      run(',', 264, 4),
      run('is 384', 272, 40),
      run(',', 312, 4),
      run('400 km away', 316, 80),
      run('.', 396, 4),
    ];
    expect(layerText(runs).text).toBe('The Moon, our satellite, is 384,400 km away.');
  });

  it('joins a wrapped line with a space, and ends a paragraph with a line break', () => {
    const runs = [
      run('The far side of the', 96, 120, 100),
      run('Moon gets sunlight', 96, 110, 120),
      run('.', 206, 4, 120),
      run('Next', 96, 30, 150, 'p2'),
    ];
    const { text, runs: placed } = layerText(runs);
    expect(text).toBe('The far side of the Moon gets sunlight.\nNext');
    // Each run knows where its label starts in the text.
    expect(placed.map((entry) => text.slice(entry.start, entry.start + entry.label.length))).toEqual(
      runs.map((entry) => entry.label),
    );
  });

  it('knows a document’s editor, and its export', () => {
    expect(isGoogleDoc('https://docs.google.com/document/d/1AbC-d_e/edit?tab=t.0')).toBe(true);
    expect(isGoogleDoc('https://docs.google.com/spreadsheets/d/1AbC/edit')).toBe(false);
    expect(isGoogleDoc('https://docs.google.com.evil.example/document/d/1/edit')).toBe(false);
    expect(isGoogleDoc('http://docs.google.com/document/d/1/edit')).toBe(false);
    expect(exportUrlOf('https://docs.google.com:4443/document/d/1AbC/edit#heading=h.1')).toBe(
      'https://docs.google.com:4443/document/d/1AbC/export?format=txt',
    );
  });
});
