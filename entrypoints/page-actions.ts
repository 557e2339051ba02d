/**
 * Injected by the worker into a page's frames (scripting.executeScript({ files })), in the extension's isolated world:
 * the actions it then calls there by name (see runPageAction in tab-access.ts). It adds no listener and no UI.
 */
import { defineUnlistedScript } from '#imports';
import { installPageActions } from '@/utils/page/injected/install-page-actions';

export default defineUnlistedScript(installPageActions);
