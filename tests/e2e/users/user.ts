/**
 * The test language of both browsers: what a scenario asks of a browser, a page, the popup and a draft, so that it is
 * written once and run in Chromium (Playwright, users/chromium.ts) and in Firefox (puppeteer over WebDriver BiDi,
 * users/firefox.ts).
 */
import type { ServiceDouble } from '../../../service-double/server';
import type { Settings } from '../../../utils/contract/settings';
import type { E2eDelay } from '../../../utils/page/e2e-delays';

/** A function run in the page: both drivers send it as its source, with one argument that survives JSON. */
export type InPage<Arg, Result> = (arg: Arg) => Result | Promise<Result>;

/** A page (or one of its frames) as the user sees and works it, with what the content script drew over it. */
export interface PageUser {
  /** The tab the page is in (a frame's is its page's). */
  readonly tabId: number;
  /** The page's address. */
  url(): string;
  /** Runs `fn` in the page (or the frame) and returns what it returned. */
  evaluate<Result, Arg = undefined>(fn: InPage<Arg, Result>, arg?: Arg): Promise<Result>;
  /** Runs `fn` in the page on the first element matching `selector`, and returns what it returned. */
  evaluateOn<Result, Arg>(
    selector: string,
    fn: (element: Element, arg: Arg) => Result,
    arg: Arg,
  ): Promise<Awaited<Result>>;
  /** Makes the page its window's shown tab, as a user going back to it from the popup does. */
  bringToFront(): Promise<void>;
  /** The view's size in CSS pixels. */
  resize(width: number, height: number): Promise<void>;
  /** Adds a style sheet of the page's own. */
  addStyle(css: string): Promise<void>;
  /** A real pointer click in the middle of the first element matching `selector`. */
  click(selector: string): Promise<void>;
  /** Presses a key or a chord ("Escape", "Control+z") where the focus is. */
  press(keys: string): Promise<void>;
  /** Types at the caret, key by key. */
  type(text: string): Promise<void>;
  /** The frame of the iframe `selector`, as a page of its own (the same tab). */
  frame(selector: string): Promise<PageUser>;
  /** The accessible names of the badges drawn, in the overlay's order. */
  badgeLabels(): Promise<string[]>;
  /** Whether the first badge whose label matches is what the page shows at its middle (false: none drawn yet). */
  badgeOnTop(label: RegExp): Promise<boolean>;
  /** How many of the badges stand on top of everything at their middles (see overlayShownAt). */
  badgesShownOnTop(): Promise<number>;
  /** The text of every range in the page's highlights of these kinds (e.g. "refuted", "supported-on-dark"). */
  highlighted(kinds: readonly string[]): Promise<string[]>;
  /** Opens the card of the first claim whose badge's label matches, as a click on its badge does. */
  openCard(label: RegExp): Promise<void>;
  /** The open card's text ('' when none is open). */
  cardText(): Promise<string>;
  /** The addresses of the open card's http(s) links, in their order. */
  cardLinks(): Promise<string[]>;
  /** Clicks a button of the open card by its text at once, as a hasty click does (the card may refuse it). */
  clickInCard(name: string): Promise<void>;
  /** Clicks a writing button of the card (Apply, Undo…) as a user does: once the pointer rested on it. */
  clickArmed(name: string): Promise<void>;
  /** Esc, until the card is closed. */
  closeCard(): Promise<void>;
  /**
   * Stretches one of the content script's delays, for a test that must beat it, or sets it to `ms` (see
   * stretchDelay).
   */
  stretchDelay(name: E2eDelay, ms?: number): Promise<void>;
  /** The pixels the page shows in `clip` (CSS pixels of the view), as a PNG in base64. */
  picture(clip: { x: number; y: number; width: number; height: number }): Promise<string>;
  /** Saves a picture of the page to `path`. */
  screenshot(path: string): Promise<void>;
}

/** An extension page (the popup, the options page) as the user works it. */
export interface ExtensionPageUser {
  /** Clicks the enabled button whose text is `name`. */
  click(name: string | RegExp): Promise<void>;
  /** Waits until the page's text holds `text` (for `timeout` ms, or the expectations' own). */
  waitForText(text: string | RegExp, timeout?: number): Promise<void>;
  /** The page's whole text. */
  text(): Promise<string>;
  /** Types into the field `selector`, replacing what it held. */
  fill(selector: string, text: string): Promise<void>;
  /** Picks `value` in the select `selector`, once it is there. */
  select(selector: string, value: string): Promise<void>;
  /** The value of the field `selector`, once it is there. */
  value(selector: string): Promise<string>;
  /** Picks `file` in the file input `selector`. */
  upload(selector: string, file: string): Promise<void>;
  /** The text of the first element matching `selector`, once it has some (a result, say). */
  textIn(selector: string): Promise<string>;
  /** Makes the page its window's shown one, as a user going back to the popup does. */
  bringToFront(): Promise<void>;
  /** Loads the page again. */
  reload(): Promise<void>;
  /** Runs `fn` in the extension page, with its extension APIs. */
  evaluate<Result, Arg = undefined>(fn: InPage<Arg, Result>, arg?: Arg): Promise<Result>;
  close(): Promise<void>;
}

/** A browser with the extension installed, as a scenario drives it. */
export interface BrowserUser {
  readonly name: 'Chromium' | 'Firefox';
  /** The service double this browser's extension is pointed at. */
  readonly double: ServiceDouble;
  /** Saves the key and the double's address (and any other settings) through the background. */
  configure(settings?: Partial<Settings>): Promise<void>;
  /** Opens a page served by the double (e.g. `article.html`). */
  openDemoPage(file: string, host?: '127.0.0.1' | 'localhost'): Promise<PageUser>;
  /** Bundles a script of tests/e2e/pages, serves it in a page whose body is `body`, and opens it. */
  openBundledPage(script: string, body: string): Promise<PageUser>;
  /** Serves `html` as `file` at `host` (out of the service's reach, so a check sends its text), and opens it. */
  openServedPage(file: string, html: string, host?: '127.0.0.1' | 'localhost'): Promise<PageUser>;
  /** Opens the popup of a tab (as `popup.html?tabId=N`, since a test cannot click the toolbar). */
  openPopup(tabId: number): Promise<ExtensionPageUser>;
  /** Opens the options page. */
  openOptions(): Promise<ExtensionPageUser>;
}
