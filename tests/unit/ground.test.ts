import { describe, expect, it } from 'vitest';
import { colorAlpha, colorLightness, DARK_GROUND, GREY_TEXT, LIGHT_TEXT } from '@/utils/page/dark-ground';

describe('colorLightness', () => {
  it('reads rgb() and rgba() as computed styles give them, alpha aside', () => {
    expect(colorLightness('rgb(0, 0, 0)')).toBe(0);
    expect(colorLightness('rgb(255, 255, 255)')).toBeCloseTo(1, 5);
    expect(colorLightness('rgba(255, 255, 255, 0.87)')).toBeCloseTo(1, 5);
    expect(colorLightness('rgba(0, 0, 0, 0)')).toBe(0);
    // A grey's lightness is the cube root of its relative luminance: #777 is 0.184.
    expect(colorLightness('rgb(119, 119, 119)')).toBeCloseTo(Math.cbrt(0.184), 2);
  });

  it('tells the grey text of light pages from the body text of dark themes', () => {
    for (const dark of ['rgb(29, 29, 31)', 'rgb(68, 68, 68)', 'rgb(153, 153, 153)', 'rgb(26, 13, 171)'])
      expect(colorLightness(dark)!).toBeLessThan(LIGHT_TEXT);
    for (const light of ['rgb(165, 165, 165)', 'rgb(204, 204, 204)', 'rgb(230, 230, 230)', 'rgb(138, 180, 248)'])
      expect(colorLightness(light)!).toBeGreaterThanOrEqual(LIGHT_TEXT);
  });

  it('reads the lightness of oklch(), oklab(), lab(), lch() and color() as they are', () => {
    expect(colorLightness('oklch(0.985 0 0)')).toBeCloseTo(0.985, 5);
    expect(colorLightness('oklch(0.21 0.006 285.885)')).toBeCloseTo(0.21, 5);
    expect(colorLightness('oklch(87% 0.01 250 / 0.9)')).toBeCloseTo(0.87, 5);
    expect(colorLightness('oklab(0.5 0.1 -0.1)')).toBeCloseTo(0.5, 5);
    // CIE L* 50 is a relative luminance of 0.184.
    expect(colorLightness('lab(50 20 -30)')).toBeCloseTo(Math.cbrt(0.184), 2);
    expect(colorLightness('lch(100 0 0)')).toBeCloseTo(1, 2);
    expect(colorLightness('color(srgb 1 1 1)')).toBeCloseTo(1, 5);
    expect(colorLightness('color(display-p3 0 0 0 / 0.5)')).toBe(0);
  });

  it('gives null for what it does not read', () => {
    for (const unread of ['', 'canvastext', 'color-mix(in srgb, red, blue)', 'rgb(nonsense)'])
      expect(colorLightness(unread)).toBeNull();
  });
});

describe('colorAlpha', () => {
  it('reads the alpha of legacy and modern colours, 1 where there is none', () => {
    expect(colorAlpha('rgba(0, 0, 0, 0)')).toBe(0);
    expect(colorAlpha('rgba(18, 18, 18, 0.87)')).toBeCloseTo(0.87, 5);
    expect(colorAlpha('rgb(18, 18, 18)')).toBe(1);
    expect(colorAlpha('oklch(0.21 0.006 285.885 / 0.5)')).toBe(0.5);
    expect(colorAlpha('color(srgb 1 1 1 / 40%)')).toBeCloseTo(0.4, 5);
    expect(colorAlpha('lab(50 20 -30)')).toBe(1);
  });
});

describe('grey text, whose ground is looked for', () => {
  it('takes in the secondary text of both kinds of page, and neither kind’s body text', () => {
    const grey = (color: string) => {
      const lightness = colorLightness(color)!;
      return lightness >= GREY_TEXT.from && lightness < GREY_TEXT.below;
    };
    // #999 and #aaa (a light page's captions), #8b949e and #7d8590 (GitHub's dark theme's muted text).
    for (const color of ['rgb(153, 153, 153)', 'rgb(170, 170, 170)', 'rgb(139, 148, 158)', 'rgb(125, 133, 144)'])
      expect(grey(color), color).toBe(true);
    // #333 and #595959 (a light page's body and muted text), #ccc and #e6edf3 (a dark theme's body text).
    for (const color of ['rgb(51, 51, 51)', 'rgb(89, 89, 89)', 'rgb(204, 204, 204)', 'rgb(230, 237, 243)'])
      expect(grey(color), color).toBe(false);
  });

  it('tells a dark theme’s grounds from a light page’s', () => {
    // #121212, #0d1117 (GitHub's dark), #333 and #666 are dark grounds; #f6f8fa, #fff and #999 are not.
    for (const ground of ['rgb(18, 18, 18)', 'rgb(13, 17, 23)', 'rgb(51, 51, 51)', 'rgb(102, 102, 102)'])
      expect(colorLightness(ground)!, ground).toBeLessThanOrEqual(DARK_GROUND);
    for (const ground of ['rgb(246, 248, 250)', 'rgb(255, 255, 255)', 'rgb(153, 153, 153)'])
      expect(colorLightness(ground)!, ground).toBeGreaterThan(DARK_GROUND);
  });
});
