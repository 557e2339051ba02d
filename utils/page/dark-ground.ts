/**
 * Whether a claim's text stands on a dark ground (a dark theme, a night mode, a dark banner), so that it gets
 * the highlight colours made for one: the underlines made for a light ground stand at 2.5-3.9:1 against a #121212
 * page and 1.7-2.7:1 against #333, mostly under the 3:1 that marks need (WCAG 1.4.11), and their tints hardly show.
 *
 * It is told by the text's own colour, not by the backgrounds behind it: pages make their text stand out from its
 * ground, whatever paints that ground (a colour on some ancestor, a gradient, an image, the canvas), and light text
 * is on a dark one. One style read per claim, where walking the ancestors' backgrounds would take several. Only
 * mid-grey text, which either kind of page sets its secondary text in, has its ground looked for (see GREY_TEXT).
 */
import { drawnParent } from './anchor/shadow-roots';

/**
 * How light a computed CSS colour looks, from 0 (black) to 1 (white): OKLab's lightness, which `oklch()` and
 * `oklab()` give as is (Tailwind's colours are written so, and computed styles keep them so), and which is the cube
 * root of the relative luminance for a grey. Alpha is ignored: text at 87% white is light text. Null for a colour
 * it does not read (a system colour or a `color-mix()` left as is).
 */
export function colorLightness(color: string): number | null {
  const match = /^(rgba?|oklch|oklab|lab|lch|color)\(\s*([^)]*)\)$/i.exec(color.trim());
  if (!match) return null;
  const [, fn, args] = match as unknown as [string, string, string];
  const parts = args
    .replace(/\/.*$/, '')
    .split(/[\s,]+/)
    .filter(Boolean);
  const number = (part: string | undefined, percentOf: number) =>
    part === undefined || part === 'none'
      ? 0
      : part.endsWith('%')
        ? (parseFloat(part) / 100) * percentOf
        : parseFloat(part);
  let lightness: number;
  switch (fn.toLowerCase()) {
    case 'rgb':
    case 'rgba':
      lightness = Math.cbrt(luminance(parts.slice(0, 3).map((part) => number(part, 255) / 255)));
      break;
    case 'oklch':
    case 'oklab':
      lightness = number(parts[0], 1);
      break;
    case 'lab':
    case 'lch':
      // CIE L* (0-100) to relative luminance, then as for rgb.
      lightness = Math.cbrt(cieLightnessToLuminance(number(parts[0], 100)));
      break;
    default:
      // color(srgb r g b), color(display-p3 …) and the like: read as sRGB, near enough to tell light from dark.
      lightness = Math.cbrt(luminance(parts.slice(1, 4).map((part) => number(part, 1))));
  }
  return Number.isFinite(lightness) ? Math.min(1, Math.max(0, lightness)) : null;
}

/** A computed CSS colour's alpha, from 0 to 1 (1 where it gives none): `rgba(0, 0, 0, 0)` is transparent. */
export function colorAlpha(color: string): number {
  const legacy = /^rgba\([^,]*,[^,]*,[^,]*,\s*([^)\s]+)\s*\)$/i.exec(color.trim());
  const modern = /\/\s*([^)\s]+)\s*\)$/.exec(color.trim());
  const alpha = (legacy ?? modern)?.[1];
  if (alpha === undefined) return 1;
  const value = alpha.endsWith('%') ? parseFloat(alpha) / 100 : parseFloat(alpha);
  return Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 1;
}

/** Relative luminance (WCAG's) of sRGB components from 0 to 1. */
function luminance([red = 0, green = 0, blue = 0]: number[]): number {
  const linear = (channel: number) => (channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4);
  return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue);
}

function cieLightnessToLuminance(lightness: number): number {
  return lightness > 8 ? ((lightness + 16) / 116) ** 3 : lightness / 903.3;
}

/**
 * Text at least this light is taken to stand on a dark ground: #a5a5a5 and lighter. The grey text of light pages
 * is darker (#999 is 0.68 here), and the body text of dark themes lighter (#ccc is 0.85, Material's 87% white 1).
 */
export const LIGHT_TEXT = 0.72;

/**
 * Text between these lightnesses, #747474 up to #bebebe, may be the secondary text of either kind of page: a light
 * page's grey captions reach #aaa, and a dark theme's muted text starts near #777 (GitHub's #8b949e is 0.66 here). Its
 * ground is looked for (see groundLightness), and told by LIGHT_TEXT only if none is found.
 */
export const GREY_TEXT = { from: 0.56, below: 0.8 } as const;

/** A ground at most this light is dark: #808080 and darker (a mid grey, between the two kinds of page). */
export const DARK_GROUND = 0.6;

/**
 * How light the ground under an element's text is: the background colour of the element or of its nearest ancestor (as
 * the page is drawn, see drawnParent) with one that mostly hides what is behind it. Null where a background image or
 * gradient comes first, whose lightness is not read, or where none is found up to the root (the canvas, as the root's
 * `color-scheme` paints it).
 */
function groundLightness(element: Element): number | null {
  for (let current: Element | null = element; current; current = drawnParent(current)) {
    const style = getComputedStyle(current);
    if (style.backgroundImage !== 'none') return null;
    if (colorAlpha(style.backgroundColor) >= 0.5) return colorLightness(style.backgroundColor);
  }
  return null;
}

/**
 * Whether text of this computed style (of `element`) stands on a dark ground: it is light, or it is mid-grey (see
 * GREY_TEXT) on a dark background (see the module's comment).
 */
export function onDarkGround(style: CSSStyleDeclaration, element: Element): boolean {
  const lightness = colorLightness(style.color);
  if (lightness === null) return false;
  if (lightness >= GREY_TEXT.from && lightness < GREY_TEXT.below) {
    const ground = groundLightness(element);
    if (ground !== null) return ground <= DARK_GROUND;
  }
  return lightness >= LIGHT_TEXT;
}
