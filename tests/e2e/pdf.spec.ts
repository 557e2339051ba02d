/**
 * A PDF in the browser's PDF viewer. The document the extension can read there holds only the viewer's frame, not
 * the PDF's text: a public PDF is sent by its address, one out of the service's reach is refused with what to do
 * instead, and a selection is checked through the context menu, whose event carries its text.
 */
import type { BrowserContext, Page, Worker } from '@playwright/test';
import type { ServiceDouble } from '../../service-double/server';
import { PDF_TEXT_UNREADABLE } from '../../utils/check/source';
import { expect, test } from './fixtures';
import { pdfWithLines } from './pages/pdf';

const FAR_SIDE = 'The far side of the Moon never receives sunlight.';
const LINES = [FAR_SIDE, 'Water boils at 100 degrees Celsius at sea level.'];

/** Serves the PDF at the double's address with `host` (the browser asks for it; the double itself has no PDF). */
async function routePdf(context: BrowserContext, double: ServiceDouble, host: string): Promise<void> {
  await context.route(`${double.url.replace('127.0.0.1', host)}/demo/paper.pdf`, (route) =>
    route.fulfill({ contentType: 'application/pdf', body: pdfWithLines(LINES) }),
  );
}

/** Nothing of ours was put in the viewer's document: there is no text there to draw on. */
const drawnNothing = (page: Page) => page.evaluate(() => document.querySelector('factlens-overlay') === null);

async function runCommand(worker: Worker, tabId: number, command: string): Promise<void> {
  await worker.evaluate(
    async ({ id, name }) => {
      const tab = await chrome.tabs.get(id);
      (chrome.commands.onCommand as unknown as { dispatch: (...args: unknown[]) => void }).dispatch(name, tab);
    },
    { id: tabId, name: command },
  );
}

test('a PDF out of the service’s reach: the popup says its text cannot be read and what to do; a check is refused before any call', async ({
  context,
  double,
  configure,
  openDemoPage,
  openPopup,
  serviceWorker,
}) => {
  await configure();
  // localhost is not the service's host (127.0.0.1): a private address, out of its reach.
  await routePdf(context, double, 'localhost');
  const { page, tabId } = await openDemoPage('paper.pdf', 'localhost');
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
  expect(await drawnNothing(page)).toBe(true);
});

/**
 * A click on a context-menu item, through the real listener (a test cannot open the native menu), with what the
 * menu's event carries in the PDF viewer: the selected text.
 */
async function clickMenuItem(worker: Worker, tabId: number, menuItemId: string, selectionText: string) {
  await worker.evaluate(
    async ({ id, item, text }) => {
      const tab = await chrome.tabs.get(id);
      const clicked = chrome.contextMenus.onClicked as unknown as { dispatch: (...args: unknown[]) => void };
      clicked.dispatch({ menuItemId: item, selectionText: text, pageUrl: tab.url }, tab);
    },
    { id: tabId, item: menuItemId, text: selectionText },
  );
}

test('“Fact-check selection” from the context menu on a PDF checks the selected text; the popup lists the verdict', async ({
  context,
  double,
  configure,
  openDemoPage,
  openPopup,
  serviceWorker,
}) => {
  await configure();
  await routePdf(context, double, 'localhost');
  const { page, tabId } = await openDemoPage('paper.pdf', 'localhost');
  await clickMenuItem(serviceWorker, tabId, 'factlens-check-selection', FAR_SIDE);
  const popup = await openPopup(tabId);
  await expect(popup.getByText('Checked 1 claim.')).toBeVisible();
  await expect(popup.locator('.claim').filter({ hasText: 'far side' }).locator('.verdict strong')).toHaveText('False');
  const [detect] = double.endpointCalls('detectClaims');
  expect((detect?.body as { blog: string }).blog).toBe(FAR_SIDE);
  // Not "Located 0 of 1 claims": nothing is looked for in a viewer with no text.
  await expect(popup.getByText(/^Located/)).toHaveCount(0);
  expect(await drawnNothing(page)).toBe(true);
});

test('a public PDF is sent by its address, and the popup says its claims are listed there, not highlighted', async ({
  context,
  double,
  configure,
  openDemoPage,
  openPopup,
}) => {
  await configure();
  // On the service's own host, which it can reach (as it could a public address).
  await routePdf(context, double, '127.0.0.1');
  const { page, tabId } = await openDemoPage('paper.pdf');
  const popup = await openPopup(tabId);
  await expect(popup.locator('.hint.source')).toContainText(
    'The page’s address will be sent. This is a PDF: the service reads it from its address. Its claims are listed here, as the browser’s PDF viewer cannot show highlights.',
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
  await configure();
  await routePdf(context, double, 'localhost');
  const { tabId } = await openDemoPage('paper.pdf', 'localhost');
  await clickMenuItem(serviceWorker, tabId, 'factlens-rephrase-selection', FAR_SIDE);
  const popup = await openPopup(tabId);
  await expect(popup.locator('.result-text').first()).not.toBeEmpty();
  const [rephrase] = double.endpointCalls('rephraseText');
  expect(JSON.stringify(rephrase?.body)).toContain(FAR_SIDE);
  await expect(popup.getByRole('button', { name: 'Replace selection' })).toHaveCount(0);
  await expect(popup.getByRole('button', { name: /^Copy/ }).first()).toBeVisible();
});
