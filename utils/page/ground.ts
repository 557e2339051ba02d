/**
 * Whether a claim's text stands on a dark ground (a dark theme, a night mode, a dark banner), so that it gets
 * the highlight colours made for one: the underlines made for a light ground stand at 2.5-3.9:1 against a #121212
 * page and 1.7-2.7:1 against #333, mostly under the 3:1 that marks need (WCAG 1.4.11), and their tints hardly show.
 *
 * It is told by the text's own colour, not by the backgrounds behind it: pages make their text stand out from its
 * ground, whatever paints that ground (a colour on some ancestor, a gradient, an image, the canvas), and light text
 * is on a dark one. One style read per claim, where walking the ancestors' backgrounds would take several.
 */

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

/** Whether text of this computed style is light, and so stands on a dark ground (see the module's comment). */
export function onDarkGround(style: CSSStyleDeclaration): boolean {
  const lightness = colorLightness(style.color);
  return lightness !== null && lightness >= LIGHT_TEXT;
}
