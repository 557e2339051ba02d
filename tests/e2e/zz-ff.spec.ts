import { test } from './firefox';
const T: Record<string, number[]> = {};
const note = (k: string, t: number) => (T[k] ??= []).push(Date.now() - t);
for (let i = 0; i < 6; i++)
  test(`ff ${i}`, async ({ firefox, configure, openDemoPage, openPopup }) => {
    void firefox;
    let t = Date.now();
    await configure();
    note('configure', t);
    t = Date.now();
    const { tabId } = await openDemoPage('article.html');
    note('demo', t);
    t = Date.now();
    await openPopup(tabId);
    note('popup', t);
  });
test.afterAll(() => console.log(JSON.stringify(T)));
