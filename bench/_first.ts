import { execFileSync } from 'node:child_process';
import { chromium } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../utils/chromium-path';
import { loadCorpusPage, prepareClaims } from './anchoring';
const bundle = execFileSync('npx', ['esbuild', 'bench/anchor-entry.ts', '--bundle', '--format=iife', '--keep-names'], { encoding: 'utf8' });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_FLAGS });
const agg = new Map<string, number>(); let total = 0;
for (const file of (process.argv[2] || 'cnn.html,medium-1.html,lwn-1.html').split(',')) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await loadCorpusPage(page, file);
  await page.addScriptTag({ content: bundle });
  await page.addScriptTag({ content: 'window.__name = (fn) => fn;' });
  await page.evaluate(prepareClaims, 30);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 10 });
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0))));
  await cdp.send('Profiler.start');
  const t = await page.evaluate(() => {
    const api = (window as any).__anchor;
    const claims = (window as any).__claims as { claim: string }[];
    const t0 = performance.now();
    const model = api.buildTextModel(document.body);
    const t1 = performance.now();
    const isVisible = api.visibilityChecker(model);
    const times: number[] = [];
    for (const { claim } of claims) { const c = performance.now(); api.locate(model, claim, { isVisible }); times.push(+(performance.now() - c).toFixed(2)); }
    return { model: t1 - t0, total: performance.now() - t0, times };
  });
  const { profile } = await cdp.send('Profiler.stop');
  console.log(file, JSON.stringify(t));
  const counts = new Map<number, number>();
  for (const s of profile.samples!) counts.set(s, (counts.get(s) ?? 0) + 1);
  for (const node of profile.nodes) {
    if (['(idle)', '(root)'].includes(node.callFrame.functionName)) continue;
    const key = `${node.callFrame.functionName || '(anon)'}:${node.callFrame.lineNumber}`;
    const c = counts.get(node.id) ?? 0; total += c; agg.set(key, (agg.get(key) ?? 0) + c);
  }
  await page.close();
}
console.log('samples', total);
for (const [k, v] of [...agg].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`  ${(100 * v / total).toFixed(1)}%  ${k}`);
await browser.close();
