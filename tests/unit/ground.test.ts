import { describe, expect, it } from 'vitest';
import { colorLightness, LIGHT_TEXT } from '@/utils/page/ground';

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
