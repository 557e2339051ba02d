import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the options page has no axe violations (${colorScheme})`, async ({ openExtensionPage }) => {
    const page = await openExtensionPage('options.html');
    await page.emulateMedia({ colorScheme });
    await page.getByLabel('API key', { exact: true }).waitFor();
    // An error state too: the messages must be as readable as the form.
    await page.getByLabel('API base URL', { exact: true }).fill('http://api.example.com');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('it must use https://').waitFor();
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.length} node(s)`)).toEqual([]);
  });
}
