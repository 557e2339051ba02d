/** The messages of the features an organization may turn off, refused while its policy turns them off. */
import { ServiceError } from './api/errors';
import type { Handlers } from './protocol';
import { loadPolicy } from './settings-store';
import { featureOff, type Feature } from '../contract/managed-policy';
import { t } from '../shared/i18n';

/**
 * Each guarded message, by the feature it belongs to. An Undo of text already written stays allowed: turning a
 * feature off never strands what it did.
 */
export const FEATURE_OF_MESSAGE = {
  startWriting: 'generation',
  startGeneration: 'generation',
  replaceSelection: 'generation',
  getUploadTarget: 'uploads',
  listBrandVoices: 'library',
  listAssets: 'library',
} as const satisfies Partial<Record<keyof Handlers, Feature>>;

/** Throws the organization's refusal while its policy turns `feature` off (read at each call). */
export async function assertFeatureOn(feature: Feature): Promise<void> {
  if (featureOff((await loadPolicy()).policy, feature))
    throw new ServiceError({ kind: 'invalid-input', message: t('featureOffByOrganization') });
}

/** `handlers`, with the guarded ones refusing while the policy turns their feature off. */
export function guardFeatures(handlers: Handlers): Handlers {
  const guarded = { ...handlers } as Record<string, (data: unknown, sender: unknown) => Promise<unknown>>;
  for (const [type, feature] of Object.entries(FEATURE_OF_MESSAGE) as [keyof Handlers, Feature][]) {
    const handler = handlers[type] as (data: unknown, sender: unknown) => Promise<unknown>;
    guarded[type] = async (data, sender) => {
      await assertFeatureOn(feature);
      return handler(data, sender);
    };
  }
  return guarded as unknown as Handlers;
}
