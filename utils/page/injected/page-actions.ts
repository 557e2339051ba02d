/** The actions the worker runs in a page's frames: read what a check needs, and write a result into the selection. */
import { readPageSnapshot } from './read-page';
import { replaceSelectionInPage } from './replace-selection';
import { PAGE_ACTIONS_GLOBAL } from '../../shared/page-actions';

const pageActions = { readPageSnapshot, replaceSelectionInPage };

export type PageActions = typeof pageActions;
export type PageActionName = keyof PageActions;

export function installPageActions(): void {
  (globalThis as Record<string, unknown>)[PAGE_ACTIONS_GLOBAL] = pageActions;
}
