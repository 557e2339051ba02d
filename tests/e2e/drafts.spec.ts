/**
 * Drafts in Chromium: a plain textarea, a contenteditable and a React-controlled textarea. Claims are highlighted in
 * the draft, a correction is applied from the card (through the editing path, so that one Ctrl+Z
 * restores the original), and a claim whose text the user changed goes stale and cannot be applied.
 */
import {
  checkDraft,
  checkRichEditor,
  clickApply,
  clickArmed,
  highlightedTexts,
  overlayCard as card,
} from './chromium-steps';
import { expect } from './quick-expect';
import { expectWithinRaceWindow, RACE_WINDOW_MS, stretchDelay } from './race-window';
import { richEditors } from './rich-editor-pages';
import { test } from './fixtures';
import { applyCorrection, checkEditedDraftAgain, expectMirrorOver, undoRestoresEditor } from './draft-steps';

test('plain textarea: highlighted through a mirror; apply writes the correction; one Ctrl+Z restores it', async ({
  checkDraftOn,
}) => {
  const { page, field } = await checkDraftOn('draft-textarea.html', 'textarea', 4);
  const original = await field.inputValue();
  await expectMirrorOver(page, field);
  const highlighted = await highlightedTexts(page, ['refuted']);
  expect(highlighted.length).toBeGreaterThan(0);
  for (const text of highlighted) expect(original).toContain(text);
  await page.screenshot({ path: 'artifacts/e2e-textarea-draft.png' });

  const claim = highlighted[0]!;
  const correction = await applyCorrection(page, /^False: /);
  await expect(field).toHaveValue(original.replace(claim, correction));
  await field.press('Control+z');
  await expect(field).toHaveValue(original);
  // The claim is drawn with its verdict again (not as changed since the check), and its correction can be applied again.
  await expect.poll(() => highlightedTexts(page, ['refuted'])).toEqual([claim]);
  await applyCorrection(page, /^False: /);
  await expect(field).toHaveValue(original.replace(claim, correction));
});

test('two corrections applied in a textarea: each Ctrl+Z takes back one, the last first, and its claim is drawn again', async ({
  checkDraftOn,
}) => {
  const { page, field } = await checkDraftOn('draft-textarea.html', 'textarea', 4);
  const original = await field.inputValue();
  const [first, second] = await highlightedTexts(page, ['refuted', 'mixed']);
  expect(second).toBeDefined();
  const label = (claim: string) => new RegExp(`^(False|Partly true): ${claim.slice(0, 20)}`);
  const firstCorrection = await applyCorrection(page, label(first!));
  const secondCorrection = await applyCorrection(page, label(second!));
  const afterFirst = original.replace(first!, firstCorrection);
  await expect(field).toHaveValue(afterFirst.replace(second!, secondCorrection));
  // Neither corrected claim is drawn; the two others are.
  await expect.poll(() => highlightedTexts(page)).toHaveLength(2);
  await field.press('Control+z');
  await expect(field).toHaveValue(afterFirst);
  await expect.poll(() => highlightedTexts(page)).toContain(second);
  expect(await highlightedTexts(page)).not.toContain(first);
  await field.press('Control+z');
  await expect(field).toHaveValue(original);
  await expect.poll(() => highlightedTexts(page)).toHaveLength(4);
});

test('two corrections applied in a contenteditable: each Ctrl+Z takes back one, the last first, and its claim is drawn again', async ({
  checkDraftOn,
}) => {
  const paragraphs = [
    'This month we look up. The Great Wall of China is visible from the Moon with the naked eye.',
    'Marie Curie won the Nobel Prize in Physics in 1904.',
    'Twelve astronauts walked on the Moon between 1969 and 1972.',
  ];
  const { page, field } = await checkDraftOn('draft-contenteditable.html', '#editor', 3, (editor) =>
    editor.evaluate((element, texts) => {
      element.replaceChildren(
        ...texts.map((text) => Object.assign(document.createElement('p'), { textContent: text })),
      );
    }, paragraphs),
  );
  const original = paragraphs.join('\n\n');
  const text = () => field.innerText();
  expect(await text()).toBe(original);
  const [first, second] = [
    'The Great Wall of China is visible from the Moon with the naked eye.',
    'Marie Curie won the Nobel Prize in Physics in 1904.',
  ];
  expect((await highlightedTexts(page, ['refuted'])).sort()).toEqual([first, second].sort());
  const firstCorrection = await applyCorrection(page, /^False: The Great Wall/);
  const secondCorrection = await applyCorrection(page, /^False: Marie Curie/);
  const afterFirst = original.replace(first, firstCorrection);
  await expect.poll(text).toBe(afterFirst.replace(second, secondCorrection));
  // Neither corrected claim is drawn; the third is.
  await expect.poll(() => highlightedTexts(page)).toEqual([paragraphs[2]]);
  await field.press('Control+z');
  await expect.poll(text).toBe(afterFirst);
  await expect.poll(() => highlightedTexts(page, ['refuted'])).toEqual([second]);
  await field.press('Control+z');
  await expect.poll(text).toBe(original);
  await expect.poll(async () => (await highlightedTexts(page, ['refuted'])).sort()).toEqual([first, second].sort());
  expect(await highlightedTexts(page, ['stale'])).toEqual([]);
  // Taken back, each can be applied again.
  await applyCorrection(page, /^False: The Great Wall/);
  await expect.poll(text).toBe(afterFirst);
});

test('after Apply, the card’s Next and Previous go to the claims on either side of the one corrected', async ({
  checkDraftOn,
}) => {
  const { page } = await checkDraftOn('draft-textarea.html', 'textarea', 4);
  const claimText = card(page).locator('.claim');
  await clickApply(page, /^False: Espresso/);
  await expect(card(page).getByRole('status')).toHaveText(/^Correction applied\./);
  await card(page).getByRole('button', { name: 'Next' }).click();
  await expect(claimText).toHaveText(/^People in Finland/);
  await card(page).getByRole('button', { name: 'Previous' }).click();
  await expect(claimText).toHaveText(/^Brazil produces/);
});

test('contenteditable: ranges in the editor itself; apply and one Ctrl+Z; nothing wraps the text', async ({
  checkDraftOn,
}) => {
  let originalHtml = '';
  let original = '';
  const { page, field: editor } = await checkDraftOn('draft-contenteditable.html', '#editor', 3, async (element) => {
    originalHtml = await element.innerHTML();
    original = await element.innerText();
  });
  // Highlights are ranges: the editor's markup is untouched.
  expect(await editor.innerHTML()).toBe(originalHtml);
  const refuted = await highlightedTexts(page, ['refuted']);
  expect(refuted).toContain('The far side of the Moon never receives sunlight, which is why it is so cold.');
  await page.screenshot({ path: 'artifacts/e2e-contenteditable-draft.png' });

  const correction = await applyCorrection(page, /^False: The far side/);
  await expect(editor).toContainText(correction);
  await expect(editor).not.toContainText('never receives sunlight');
  await undoRestoresEditor(editor, original);
});

for (const { behaves, install, says } of [
  {
    // As an editor that renders from a model of its own, and takes neither beforeinput nor the DOM's edits.
    behaves: 'puts its own text back after any edit',
    install: (host: HTMLElement) => {
      const own = [...host.childNodes].map((node) => node.cloneNode(true));
      host.addEventListener('input', () => host.replaceChildren(...own.map((node) => node.cloneNode(true))));
    },
    says: 'The page did not accept the edit. Copy the correction instead.',
  },
  {
    // As an editor that ignores the event's target range and the page's selection, and inserts at its own caret.
    behaves: 'takes the edit but writes it where its own caret was',
    install: (host: HTMLElement) =>
      host.addEventListener('beforeinput', (event) => {
        event.preventDefault();
        host.querySelector('p')!.prepend(event.data ?? '');
      }),
    says: 'The editor did not write the correction exactly over the claim. Check your draft: Ctrl+Z in it undoes the edit.',
  },
  {
    // As an editor that keeps the selection where it wants it: any selection in it collapsed to its end.
    behaves: 'moves the selection it is given',
    install: (host: HTMLElement) =>
      document.addEventListener('selectionchange', () => {
        const selection = getSelection();
        if (selection?.rangeCount && !selection.isCollapsed && host.contains(selection.anchorNode))
          selection.collapseToEnd();
      }),
    says: 'The editor moved the selection off the claim, so nothing was written. Copy the correction instead.',
  },
])
  test(`an editor that ${behaves}: the card says so, and stays open`, async ({ checkDraftOn }) => {
    const { page, field: editor } = await checkDraftOn('draft-contenteditable.html', '#editor', 3, (element) =>
      element.evaluate(install),
    );
    await clickApply(page, /^False: The far side/);
    await expect(card(page).getByRole('status')).toHaveText(says);
    await expect(card(page)).toBeVisible();
    await expect(editor).toContainText('The far side of the Moon never receives sunlight');
  });

test('an editor that hears typing as Draft.js does (a textInput event, written where selectionchange last put the selection): the correction goes over its claim', async ({
  checkDraftOn,
}) => {
  // The two things Draft.js itself (tested with the other editors below) needs, in a page small enough to show
  // them: without the textInput event it took only the first of the claim's text nodes into its model; without
  // the wait for selectionchange, its old caret.
  const { page, field: editor } = await checkDraftOn('draft-contenteditable.html', '#editor', 3, (element) =>
    element.evaluate((host: HTMLElement) => {
      let own = [...host.childNodes].map((node) => node.cloneNode(true));
      let seen: Range | null = null;
      document.addEventListener('selectionchange', () => {
        const selection = getSelection();
        if (selection?.rangeCount && host.contains(selection.anchorNode)) seen = selection.getRangeAt(0).cloneRange();
      });
      host.addEventListener('textInput', (event) => {
        event.preventDefault();
        seen?.deleteContents();
        seen?.insertNode(document.createTextNode((event as TextEvent).data));
        own = [...host.childNodes].map((node) => node.cloneNode(true));
      });
      // Any other change to its text is put back.
      host.addEventListener('input', () => host.replaceChildren(...own.map((node) => node.cloneNode(true))));
    }),
  );
  const original = (await editor.innerText()).replace(/\s+/g, ' ').trim();
  const claim = 'The far side of the Moon never receives sunlight, which is why it is so cold.';
  const correction = await applyCorrection(page, /^False: The far side/);
  expect((await editor.innerText()).replace(/\s+/g, ' ').trim()).toBe(original.replace(claim, correction));
});

test('a textarea whose length limit the correction does not fit: nothing is changed, and the card says why', async ({
  checkDraftOn,
}) => {
  const { page, field } = await checkDraftOn('draft-textarea.html', 'textarea', 4);
  const original = await field.inputValue();
  const [claim] = await highlightedTexts(page, ['refuted']);
  // A limit 3 characters short of the corrected text (as a page may set once its text is there): the browser would
  // cut the correction short, mid-word.
  let limit = 0;
  await clickApply(page, /^False: /, page, async (correction) => {
    limit = original.length - claim!.length + correction.length - 3;
    await field.evaluate((element: HTMLTextAreaElement, length) => (element.maxLength = length), limit);
  });
  await expect(card(page).getByRole('status')).toHaveText(
    `This field takes at most ${limit} characters and the correction does not fit, so nothing was changed. Shorten the text, or copy the correction.`,
  );
  await expect(field).toHaveValue(original);
});

test('React-controlled textarea: React state ends up matching after apply and after undo', async ({
  configure,
  openPopup,
  openBundledPage,
}) => {
  await configure();
  const { page, tabId } = await openBundledPage('react-draft.ts', '<body><div id="root"></div></body>');
  const field = page.locator('textarea');
  const original = await field.inputValue();
  await field.click();
  const popup = await openPopup(tabId);
  await checkDraft(page, popup, 4);
  const refuted = await highlightedTexts(page, ['refuted']);
  const claim = refuted[0]!;
  const correction = await applyCorrection(page, /^False: /);
  const edited = original.replace(claim, correction);
  await expect(field).toHaveValue(edited);
  await expect(page.locator('#state')).toHaveText(edited);
  await field.press('Control+z');
  await expect(field).toHaveValue(original);
  await expect(page.locator('#state')).toHaveText(original);
});

// One checked draft each: the second part starts from the draft the first leaves.
for (const [editor, name] of richEditors)
  test(`in a ${name} editor, words typed after the check and then a correction: one Ctrl+Z, pressed at once, takes back the correction alone, and the claim is drawn again; then, as the editor re-renders what is typed, claims follow edits around them, and a claim typed in goes stale`, async ({
    configure,
    openPopup,
    openBundledPage,
  }) => {
    const { page, field, editorText } = await checkRichEditor(editor, { configure, openPopup, openBundledPage });
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' We will watch it rise.');
    await expect.poll(editorText).toMatch(/We will watch it rise\.$/);
    const typed = await editorText();
    // Quill joins the changes of one second into one undo step (its history's delay, which no event marks), the
    // user's own as well.
    await page.waitForTimeout(1000);
    const refuted = 'The far side of the Moon never receives sunlight, which is why it is so cold.';
    // Before the page checker has seen the correction (it looks a moment after the page changes): that moment is
    // stretched, and the steps must fit in it.
    await stretchDelay(page, 'reanchor', RACE_WINDOW_MS * 2);
    const started = Date.now();
    await clickApply(page, /^False: The far side/);
    await expect(card(page).getByRole('status')).toHaveText(/^Correction applied\./);
    await field.press('Control+z');
    expectWithinRaceWindow(Date.now() - started, RACE_WINDOW_MS * 2);
    await expect.poll(editorText).toBe(typed);
    await expect.poll(() => highlightedTexts(page, ['refuted'])).toEqual([refuted]);
    // The page checker's own delay again (a negative one is none set).
    await stretchDelay(page, 'reanchor', -1);

    // Typed before a claim, in its paragraph: no claim's text changed.
    await field.getByText('This month we look up.').click({ position: { x: 2, y: 5 } });
    await page.keyboard.press('Home');
    await page.keyboard.type('So: ');
    await expect.poll(() => highlightedTexts(page)).toHaveLength(3);
    await expect(page.getByRole('button', { name: /changed since the check/ })).toHaveCount(0);
    // The refuted claim's correction still goes exactly over it.
    const correction = await applyCorrection(page, /^False: The far side/);
    await expect.poll(editorText).toBe(`So: ${typed.replace(refuted, correction)}`);
    // Typed in a claim: that one goes stale; the other keeps its highlight on its text.
    await field.getByText('walked on the Moon').click({ position: { x: 40, y: 8 } });
    await page.keyboard.type('XYZ');
    const stale = page.getByRole('button', { name: /changed since the check/ });
    await expect(stale).toHaveCount(1);
    await expect(stale).toHaveAccessibleName(/^True \(changed since the check\): Twelve astronauts/);
    expect(await editorText()).toContain('XYZ');
    expect(await highlightedTexts(page, ['supported'])).toEqual([
      'The Moon is about 384,400 kilometres from Earth on average.',
    ]);
  });

test('a block editor (each paragraph an editing host, as in WordPress and Notion): the whole post is checked, and a correction goes into its block', async ({
  checkDraftOn,
  double,
}) => {
  // The focus is in the second paragraph's block; the post's other blocks are checked with it.
  const { page, field: block } = await checkDraftOn('block-editor.html', 'main p:nth-of-type(2)', 3);
  const sent = (double.endpointCalls('detectClaims')[0]?.body as { blog: string }).blog;
  expect(sent).toContain('Notes on the Moon');
  expect(sent).toContain('The Moon is about 384,400 kilometres');
  expect(sent).toContain('Twelve astronauts walked on the Moon');
  // The note beside the post, a box of its own, is not the post.
  expect(sent).not.toContain('Espresso');
  const original = await block.innerText();
  const correction = await applyCorrection(page, /^False: The far side/);
  await expect(block).toHaveText(correction);
  await block.press('Control+z');
  await expect(block).toHaveText(original);
});

test('a claim the user edited goes stale: its Apply gives way to checking the draft again, and the others still follow their text', async ({
  checkDraftOn,
}) => {
  const { page, field } = await checkDraftOn('draft-textarea.html', 'textarea', 4);
  // Type inside the Espresso claim (refuted, so its card offers a correction).
  await field.evaluate((element: HTMLTextAreaElement) => {
    const at = element.value.indexOf('Espresso has more') + 'Espresso has'.length;
    element.focus();
    element.setSelectionRange(at, at);
  });
  await page.keyboard.type(' much');
  const stale = page.getByRole('button', { name: /changed since the check/ });
  await expect(stale).toHaveCount(1);
  await expect(stale).toHaveAccessibleName(/^False \(changed since the check\): Espresso/);
  await stale.click();
  await expect(card(page)).toContainText('(the text changed since the check)');
  // Its text is not the claim's any more: nothing to apply; the next step in Apply's place, with why.
  await expect(card(page).getByRole('button', { name: 'Apply correction' })).toHaveCount(0);
  const again = card(page).getByRole('button', { name: 'Check the draft again' });
  await expect(again).toHaveAccessibleDescription(
    'The text under this claim changed since the check: its correction can no longer be applied.',
  );
  await expect(card(page).getByRole('button', { name: 'Copy correction' })).toBeVisible();
  // The other three claims are still highlighted on their text (which moved by five characters).
  const ranges = await highlightedTexts(page);
  expect(ranges).toHaveLength(3);
  const value = await field.inputValue();
  for (const text of ranges) expect(value).toContain(text);
  // The results list tells it as its badge does.
  await card(page).getByRole('button', { name: 'All claims' }).click();
  const listed = page.locator('factlens-overlay .card.list li button');
  await expect(listed.filter({ hasText: 'Espresso' })).toHaveText(/^✗ False \(changed since the check\): Espresso/);
  await expect(listed.filter({ hasText: 'changed since the check' })).toHaveCount(1);
});

test('re-checking an edited draft sends only the changed sentence; the others keep their verdicts', async ({
  checkDraftOn,
  double,
}) => {
  const { page, popup, field } = await checkDraftOn('draft-textarea.html', 'textarea', 4);
  const callsBefore = double.endpointCalls().length;

  // The user rewrites one sentence, then checks the draft again.
  await checkEditedDraftAgain(page, popup, field, (await field.inputValue()).replace('about a third', 'about half'));
  await expect(
    popup.getByText('3 unchanged sentences reused from your last check; only the 1 new or changed one is sent.'),
  ).toBeVisible();
  await expect(popup.getByText('Checked 4 claims.')).toBeVisible();
  const newCalls = double.endpointCalls().slice(callsBefore);
  expect(newCalls.map((call) => call.endpoint)).toEqual(['detectClaims', 'factCheckClaims']);
  expect(newCalls[0]?.body).toEqual({ blog: "Brazil produces about half of the world's coffee." });
  expect((newCalls[1]?.body as { claims: string[] }).claims).toEqual([
    "Brazil produces about half of the world's coffee.",
  ]);
});

test('a Japanese draft, whose sentences have no space between them, is checked again one changed sentence at a time', async ({
  checkDraftOn,
  double,
}) => {
  const draft = '東京タワーは1958年に完成した。高さは333メートルである。東京スカイツリーは2012年に開業した。';
  const { page, popup, field } = await checkDraftOn('draft-textarea.html', 'textarea', 3, (textarea) =>
    textarea.fill(draft),
  );
  await expect(popup.getByText('Located 3 of 3 claims')).toBeVisible();
  expect(await highlightedTexts(page)).toEqual(
    expect.arrayContaining(['東京タワーは1958年に完成した。', '高さは333メートルである。']),
  );
  const callsBefore = double.endpointCalls().length;

  await checkEditedDraftAgain(page, popup, field, draft.replace('333', '332'));
  await expect(
    popup.getByText('2 unchanged sentences reused from your last check; only the 1 new or changed one is sent.'),
  ).toBeVisible();
  await expect(popup.getByText('Checked 3 claims.')).toBeVisible();
  const newCalls = double.endpointCalls().slice(callsBefore);
  expect(newCalls.map((call) => call.endpoint)).toEqual(['detectClaims', 'factCheckClaims']);
  expect(newCalls[0]?.body).toEqual({ blog: '高さは332メートルである。' });
});

test('a textarea inside a web component: checked, highlighted, corrected, and one Ctrl+Z restores it', async ({
  checkDraftOn,
}) => {
  // Playwright's CSS selectors enter open shadow roots: this is the component's own textarea.
  const { page, field } = await checkDraftOn('components-draft.html', 'comment-box textarea', 2);
  const original = await field.inputValue();
  await expectMirrorOver(page, field);
  const refuted = await highlightedTexts(page, ['refuted']);
  expect(refuted).toEqual([
    'Espresso has more caffeine per serving than drip coffee, which is why a single shot keeps you up all night.',
  ]);
  const correction = await applyCorrection(page, /^False: Espresso/);
  await expect(field).toHaveValue(original.replace(refuted[0]!, correction));
  await field.press('Control+z');
  await expect(field).toHaveValue(original);
});

test('a contenteditable editor inside a web component: checked, highlighted, corrected, and one Ctrl+Z restores it', async ({
  checkDraftOn,
}) => {
  let original = '';
  const { page, field: editor } = await checkDraftOn('components-draft.html', 'rich-note #note', 2, async (element) => {
    original = await element.innerText();
  });
  expect(await highlightedTexts(page, ['refuted'])).toEqual([
    'The far side of the Moon never receives sunlight, which is why it is so cold.',
  ]);
  const correction = await applyCorrection(page, /^False: The far side/);
  await expect(editor).toContainText(correction);
  await expect(editor).not.toContainText('never receives sunlight');
  await undoRestoresEditor(editor, original);
});

/** A contenteditable draft of three paragraphs, two of whose claims are false (see the double's verdicts). */
const TWO_FALSE_PARAGRAPHS = [
  'This month we look up. The Great Wall of China is visible from the Moon with the naked eye.',
  'Marie Curie won the Nobel Prize in Physics in 1904.',
  'Twelve astronauts walked on the Moon between 1969 and 1972.',
];

for (const [kind, file, selector, told, presses] of [
  ['a textarea, as one edit', 'draft-textarea.html', 'textarea', 'One Ctrl+Z takes them all back.', 1],
  [
    'a contenteditable, one edit each',
    'draft-contenteditable.html',
    '#editor',
    'Ctrl+Z takes them back one at a time.',
    0,
  ],
] as const)
  test(`“Apply all corrections” in the results list of ${kind}: every correction in one click, how many said, and Ctrl+Z takes them back`, async ({
    checkDraftOn,
  }) => {
    const { page, field } = await checkDraftOn(file, selector, selector === 'textarea' ? 4 : 3, (draft) =>
      selector === 'textarea'
        ? Promise.resolve()
        : draft.evaluate((element, texts) => {
            element.replaceChildren(
              ...texts.map((text) => Object.assign(document.createElement('p'), { textContent: text })),
            );
          }, TWO_FALSE_PARAGRAPHS),
    );

    const text = () =>
      field.evaluate((element) =>
        element instanceof HTMLTextAreaElement ? element.value : (element as HTMLElement).innerText,
      );
    const original = await text();
    await page
      .getByRole('button', { name: /^False: / })
      .first()
      .click();
    await card(page).getByRole('button', { name: 'All claims' }).click();
    const list = page.locator('factlens-overlay .card.list');
    const applyAll = list.getByRole('button', { name: /^Apply all corrections \((\d+)\)$/ });
    const count = Number(/\((\d+)\)/.exec((await applyAll.textContent()) ?? '')![1]);
    expect(count).toBeGreaterThan(1);
    // A script's click writes nothing.
    await applyAll.dispatchEvent('click');
    expect(await text()).toBe(original);

    await clickArmed(applyAll);
    await expect(list.getByRole('status')).toHaveText(`Applied ${count} corrections. ${told}`);
    const corrected = await text();
    expect(corrected).not.toBe(original);
    await field.focus();
    for (let step = 0; step < (presses || count); step++) await page.keyboard.press('Control+z');
    await expect.poll(text).toBe(original);
  });
