/**
 * The CSS of the content script's second part (see content-parts.ts): the claim card, the results list, and checking as
 * one writes's indicator. Added to the overlay's shadow root as that part arrives (no comments in it: they would be
 * shipped in every page).
 *
 * The cards are sized in px, as their font is: rem is the page's root font, which a page may set to 10px (Bootstrap 3,
 * the 62.5% trick). A claim card's `.footer` (its actions) stays in sight at its foot while its text scrolls above
 * them, since a false claim's reasoning and sources can run past a laptop's view; in a card too short for that
 * (`.short`, see Card.place), they scroll with its text.
 */
export const PARTS_CSS = `
.card {
  position: absolute; pointer-events: auto; width: min(416px, calc(100vw - 16px)); max-height: 448px; overflow: auto;
  background: #fff; color: #1c1c1e; border: 1px solid #8a8c94; border-radius: 8px; padding: 12px 14px;
  font: 14px/1.45 system-ui, sans-serif; box-shadow: 0 6px 24px rgba(0,0,0,.25); text-align: start;
  overflow-wrap: anywhere;
}
.card.list li > button { text-align: start; }
.card.list { position: fixed; right: 12px; top: 12px; max-height: min(448px, calc(100vh - 24px)); }
.card h2 { font-size: 15px; margin: 0 0 6px; display: flex; gap: 6px; align-items: center; }
.card p { margin: 6px 0; }
.card .claim { border-inline-start: 3px solid #8a8c94; padding-inline-start: 8px; margin: 6px 0; }
.card .label { font-weight: 700; }
.card ol, .card ul { padding-left: 22px; margin: 6px 0; }
.card li { margin: 4px 0; }
.card a { color: #1f56c4; }
.card .muted { color: #55565c; font-size: 13px; }
.card .actions { display: flex; flex-wrap: wrap; gap: 6px; margin-top: 10px; }
.card .footer { position: sticky; bottom: -12px; margin: 10px -14px -12px; padding: 2px 14px 8px; background: inherit;
  border-top: 1px solid #8a8c94; }
.card .footer .actions { margin-top: 8px; }
.card.short .footer { position: static; }
.card button { font: inherit; color: inherit; background: #fff; border: 1px solid #8a8c94; border-radius: 6px; padding: 3px 8px; cursor: pointer; }
.card button.primary { background: #1f56c4; border-color: #1f56c4; color: #fff; }
.card button:disabled { opacity: .55; cursor: not-allowed; }
.card :focus-visible { outline: 3px solid #1d4ed8; outline-offset: 2px; }
.card .status { font-size: 13px; }
.card .verdict-refuted { color: #a8141e; }
.card .verdict-mixed { color: #7a4b00; }
.card .verdict-supported { color: #15692f; }
.card .close { margin-left: auto; }
.indicator {
  position: absolute; pointer-events: auto; display: inline-flex; align-items: center; justify-content: center; gap: 3px;
  min-width: 22px; height: 22px; padding: 0 6px; margin: 0; border-radius: 11px; border: 1.5px solid #fff;
  font: 700 11px/1 system-ui, sans-serif; color: #fff; background: #1f56c4; cursor: pointer;
  box-shadow: 0 1px 3px rgba(0,0,0,.35); translate: -100% -100%;
}
.indicator.found { background: #b91c1c; }
.indicator.clear { background: #15803d; }
.indicator.paused, .indicator.limit { background: #475569; }
.indicator.error { background: #7a4b00; }
.indicator:focus-visible { outline: 3px solid #1d4ed8; outline-offset: 2px; }
.indicator-menu {
  position: absolute; pointer-events: auto; display: flex; flex-direction: column; min-width: 200px; padding: 4px;
  background: #fff; color: #1c1c1e; border: 1px solid #8a8c94; border-radius: 8px; translate: -100% 4px;
  font: 14px/1.45 system-ui, sans-serif; box-shadow: 0 6px 24px rgba(0,0,0,.25); text-align: start;
}
.indicator-menu[hidden] { display: none; }
.indicator-menu p { margin: 4px 8px; font-size: 13px; color: #55565c; }
.indicator-menu button { font: inherit; color: inherit; background: none; border: 0; border-radius: 4px; padding: 6px 8px;
  text-align: start; cursor: pointer; }
.indicator-menu button:hover, .indicator-menu button:focus-visible { background: #e8eefb; outline: none; }
@media (prefers-color-scheme: dark) {
  .card { background: #1b1c1f; color: #eeeef0; border-color: #8d9099; }
  .card button { background: #1b1c1f; }
  .card button.primary { background: #8db4ff; border-color: #8db4ff; color: #1b1c1f; }
  .card a { color: #8db4ff; }
  .card .muted { color: #b4b6bd; }
  .card .verdict-refuted { color: #ff9a9f; }
  .card .verdict-mixed { color: #f2c46d; }
  .card .verdict-supported { color: #7fd79a; }
  .indicator-menu { background: #1b1c1f; color: #eeeef0; border-color: #8d9099; }
  .indicator-menu p { color: #b4b6bd; }
  .indicator-menu button:hover, .indicator-menu button:focus-visible { background: #2c3b5c; }
}

`;
