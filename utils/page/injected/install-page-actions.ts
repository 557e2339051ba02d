/** The actions the worker runs in a page's frames: read what a check needs, and write a result into the selection. */
import { readPageSnapshot } from './read-page';
import { replaceSelectionInPage } from './replace-selection';
import { PAGE_ACTIONS_GLOBAL } from '../../shared/page-actions-global';
import type { PageActions } from '../../contract/page-actions';

const pageActions: PageActions = { readPageSnapshot, replaceSelectionInPage };

export function installPageActions(): void {
  (globalThis as Record<string, unknown>)[PAGE_ACTIONS_GLOBAL] = pageActions;
}
