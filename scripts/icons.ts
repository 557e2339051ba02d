/**
 * `npm run icons`: renders assets/icon.svg to the PNGs of public/icon/ (16 to 128 px), which WXT names in the
 * manifest as the extension's icons (the toolbar's, the extensions page's and the store's). Rendered by Chromium,
 * the browser that shows them; the PNGs are committed, so a build needs no renderer.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium-path';

const SIZES = [16, 32, 48, 96, 128];
const svg = readFileSync('assets/icon.svg', 'utf8');
mkdirSync('public/icon', { recursive: true });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
try {
  for (const size of SIZES) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(
      `<style>html, body { margin: 0; background: transparent } svg { display: block; width: ${size}px; height: ${size}px }</style>${svg}`,
    );
    await page.screenshot({ path: `public/icon/${size}.png`, omitBackground: true });
    await page.close();
  }
} finally {
  await browser.close();
}
console.log(`public/icon/: ${SIZES.map((size) => `${size}.png`).join(', ')}`);
