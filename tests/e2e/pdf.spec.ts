/**
 * A PDF in the browser's PDF viewer. The document the extension can read there holds only the viewer's frame, not
 * the PDF's text: a public PDF is sent by its address, one out of the service's reach is refused with what to do
 * instead, and a selection is checked through the context menu, whose event carries its text.
 */
import { axeViolations } from './axe';
import type { BrowserContext, Page } from '@playwright/test';
import type { ServiceDouble } from '../../service-double/server';
import { PDF_TEXT_UNREADABLE } from './words';
import { clickMenuItem, runCommand } from './worker-probes';
import { expect } from './quick-expect';
import { test } from './fixtures';
import { pdfWithLines } from './pages/pdf';

const FAR_SIDE = 'The far side of the Moon never receives sunlight.';
const LINES = [FAR_SIDE, 'Water boils at 100 degrees Celsius at sea level.'];

/**
 * Saves the settings, and opens the PDF at the double's address with `host` (served to the browser by the test:
 * the double itself has no PDF): localhost is not the service's host (127.0.0.1), so out of its reach.
 */
async function openPdf(
  fixtures: {
    context: BrowserContext;
    double: ServiceDouble;
    configure: () => Promise<void>;
    openDemoPage: (file: string, host?: '127.0.0.1' | 'localhost') => Promise<{ page: Page; tabId: number }>;
  },
  host: '127.0.0.1' | 'localhost',
): Promise<{ page: Page; tabId: number }> {
  await fixtures.configure();
  await fixtures.context.route(`${fixtures.double.url.replace('127.0.0.1', host)}/demo/paper.pdf`, (route) =>
    route.fulfill({ contentType: 'application/pdf', body: pdfWithLines(LINES) }),
  );
  return fixtures.openDemoPage('paper.pdf', host);
}

/** Nothing of ours was put in the viewer's document: there is no text there to draw on. */
const drawnNothing = (page: Page) => page.evaluate(() => document.querySelector('factlens-overlay') === null);

test('a PDF out of the service’s reach: the popup says its text cannot be read and what to do; a check is refused before any call', async ({
  context,
  double,
  configure,
  openDemoPage,
  openPopup,
  serviceWorker,
}) => {
  const { page, tabId } = await openPdf({ context, double, configure, openDemoPage }, 'localhost');
  const popup = await openPopup(tabId);
  await expect(popup.getByText(PDF_TEXT_UNREADABLE)).toBeVisible();
  await expect(popup.locator('.hint.source')).toHaveText(
    /^The service cannot open this PDF: localhost is on this computer/,
  );
  await expect(popup.locator('.hint.source')).not.toContainText('text will be sent');
  await popup.getByRole('button', { name: 'Check this page' }).click();
  await expect(popup.getByRole('alert')).toContainText(
    `The service cannot open this PDF: localhost is on this computer or a private network, out of the service’s reach. ${PDF_TEXT_UNREADABLE}`,
  );
  // The check-selection shortcut: not "the selection is empty", which the reader, looking at their selection,
  // would not believe.
  await runCommand(serviceWorker, tabId, 'check-selection');
  await expect(popup.getByRole('alert')).toHaveText(PDF_TEXT_UNREADABLE);
  expect(double.endpointCalls()).toEqual([]);
  expect(await axeViolations(popup)).toEqual([]);
  expect(await drawnNothing(page)).toBe(true);
});

test('“Fact-check selection” from the context menu on a PDF checks the selected text; the popup lists the verdict', async ({
  context,
  double,
  configure,
  openDemoPage,
  openPopup,
  serviceWorker,
}) => {
  const { page, tabId } = await openPdf({ context, double, configure, openDemoPage }, 'localhost');
  await clickMenuItem(serviceWorker, tabId, 'factlens-check-selection', FAR_SIDE);
  const popup = await openPopup(tabId);
  await expect(popup.getByText('Checked 1 claim.')).toBeVisible();
  await expect(popup.locator('.claim').filter({ hasText: 'far side' }).locator('.verdict strong')).toHaveText('False');
  const [detect] = double.endpointCalls('detectClaims');
  expect((detect?.body as { blog: string }).blog).toBe(FAR_SIDE);
  // Not "Located 0 of 1 claims": nothing is looked for in a viewer with no text.
  await expect(popup.getByText(/^Located/)).toHaveCount(0);
  expect(await drawnNothing(page)).toBe(true);
  // The viewer gives its document no title: the history names the check by the PDF's file, not its whole address.
  await popup.getByRole('button', { name: 'History' }).click();
  await expect(popup.locator('.history-entry button.link')).toHaveText('paper.pdf');
});

test('a public PDF is sent by its address, and the popup says its claims are listed there, not highlighted', async ({
  context,
  double,
  configure,
  openDemoPage,
  openPopup,
}) => {
  // On the service's own host, which it can reach (as it could a public address).
  const { page, tabId } = await openPdf({ context, double, configure, openDemoPage }, '127.0.0.1');
  const popup = await openPopup(tabId);
  await expect(popup.locator('.hint.source')).toContainText(
    'This is a PDF: the service reads it from its address. Its claims are listed here, as the browser’s PDF viewer cannot show highlights.',
  );
  await expect(popup.getByText(PDF_TEXT_UNREADABLE)).toBeVisible();
  await popup.getByRole('button', { name: 'Check this page' }).click();
  await expect.poll(() => double.endpointCalls('detectClaims').length).toBe(1);
  const [detect] = double.endpointCalls('detectClaims');
  expect(detect?.body).toMatchObject({ url: page.url() });
  // The double cannot read a PDF (its pages are HTML): the check stops with the service's words, beside what to do.
  await expect(popup.getByRole('alert')).toContainText('Could not fetch content from');
  await expect(popup.getByText(PDF_TEXT_UNREADABLE)).toBeVisible();
  expect(await drawnNothing(page)).toBe(true);
});

test('“Rephrase selection” from the context menu on a PDF rephrases the selected text; it can be copied, not put in the PDF', async ({
  context,
  double,
  configure,
  openDemoPage,
  openPopup,
  serviceWorker,
}) => {
  const { tabId } = await openPdf({ context, double, configure, openDemoPage }, 'localhost');
  await clickMenuItem(serviceWorker, tabId, 'factlens-rephrase-selection', FAR_SIDE);
  const popup = await openPopup(tabId);
  await expect(popup.locator('.result-text').first()).not.toBeEmpty();
  const [rephrase] = double.endpointCalls('rephraseText');
  expect(JSON.stringify(rephrase?.body)).toContain(FAR_SIDE);
  await expect(popup.getByRole('button', { name: 'Replace selection' })).toHaveCount(0);
  await expect(popup.getByRole('button', { name: /^Copy/ }).first()).toBeVisible();
});
