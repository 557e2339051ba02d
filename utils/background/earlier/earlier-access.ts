/** Whether earlier fact-checks are looked for, where, and with which key: the user's settings, read at each lookup. */
import { factCheckKeyItem, loadUserSettings } from '../settings-store';
import type { EarlierAccess } from './earlier-lookup';

export async function earlierAccess(): Promise<EarlierAccess> {
  const [settings, key] = await Promise.all([loadUserSettings(), factCheckKeyItem.getValue()]);
  return { on: settings.earlierChecks && key.trim() !== '', baseUrl: settings.factCheckToolsUrl, key: key.trim() };
}
