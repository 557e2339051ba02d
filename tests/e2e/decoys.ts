/**
 * Decoys a page draws over our card to have the user's click land on Apply unseen, in the forms a cover check may
 * miss (see utils/page/card-cover.ts). Shared by the Chromium and Firefox suites.
 */

/** Each form of decoy, and the words the card's refusal uses for it. */
export const DECOY_FORMS = [
  ['display-contents', 'placed over this card'],
  ['zero-box', 'placed over this card'],
  ['closed-shadow', 'placed over this card'],
  ['box-shadow', 'placed over this card'],
  ['zero-popover', 'shown above this card'],
] as const;

export type DecoyForm = (typeof DECOY_FORMS)[number][0];

/**
 * Runs in the page: draws a white sheet with a fake button over the whole view, which lets clicks through
 * (`pointer-events: none`), held in one of the forms above. The page removes it as `#decoy`.
 */
export function drawDecoy(form: DecoyForm): void {
  const sheet = document.createElement('div');
  sheet.style.cssText =
    'position:fixed;inset:0;width:100vw;height:100vh;background:#fff;pointer-events:none;z-index:2147483647';
  const fake = document.createElement('button');
  fake.textContent = 'Claim your prize';
  fake.style.cssText = 'margin:40vh 40vw';
  sheet.appendChild(fake);
  const holder = document.createElement(form === 'closed-shadow' ? 'prize-banner' : 'div');
  holder.id = 'decoy';
  holder.style.cssText = 'position:fixed;top:0;left:0;width:0;height:0;overflow:visible;z-index:2147483647';
  if (form === 'display-contents') {
    holder.style.cssText = 'display:contents';
    holder.appendChild(sheet);
  } else if (form === 'zero-box') holder.appendChild(sheet);
  else if (form === 'closed-shadow') holder.attachShadow({ mode: 'closed' }).appendChild(sheet);
  else if (form === 'box-shadow')
    holder.style.cssText += ';box-shadow:0 0 0 200vmax #fff;pointer-events:none;width:1px;height:1px';
  else {
    holder.popover = 'manual';
    holder.style.cssText += ';margin:0;padding:0;border:0;inset:0 auto auto 0';
    holder.appendChild(sheet);
  }
  document.documentElement.appendChild(holder);
  if (form === 'zero-popover') holder.showPopover();
}
