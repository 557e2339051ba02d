/**
 * The organization's settings (`storage.managed`, set by Chrome's enterprise policies or Firefox's policies.json): the
 * policy names administrators write, how each is read, and how they bound the user's own settings.
 */
import { z } from 'zod';
import { AUTH_MODES, baseUrlField, MAX_CREDITS, type Settings } from './settings';

/** The parts of FactLens an organization may turn off. */
export const FEATURES = ['generation', 'uploads', 'library'] as const;
export type Feature = (typeof FEATURES)[number];

const credits = z.int().min(1).max(MAX_CREDITS);
/** A site as an origin (`https://docs.example.org`), as "check as I write" keeps it; a trailing slash is allowed. */
const siteOrigin = z.string().transform((value, ctx) => {
  try {
    const url = new URL(value.trim());
    if ((url.protocol === 'https:' || url.protocol === 'http:') && (url.pathname === '/' || url.pathname === ''))
      return url.origin;
  } catch {
    // Said below.
  }
  ctx.addIssue({ code: 'custom', message: 'not an http(s) origin' });
  return z.NEVER;
});

/**
 * Each policy, by the name administrators use (docs/teams.md), as it is read. The names are an interface: they are
 * never renamed. public/managed_schema.json declares the same for Chrome (a unit test keeps the two together).
 */
export const POLICY_FIELDS = {
  serviceUrl: baseUrlField,
  uploadUrl: baseUrlField,
  authMode: z.enum(AUTH_MODES),
  /** The person's own token for the organization's gateway, where a per-user policy carries one. */
  gatewayToken: z.string().trim().min(1).max(4096),
  writeDailyCreditLimit: credits,
  askAboveCredits: credits,
  writeSites: z.array(siteOrigin).max(500),
  writeSitesBlocked: z.array(siteOrigin).max(500),
  sendPageAddresses: z.boolean(),
  disabledFeatures: z.array(z.enum(FEATURES)).max(FEATURES.length),
  historyDays: z.int().min(0).max(3650),
} as const;

export type PolicyName = keyof typeof POLICY_FIELDS;
export const POLICY_NAMES = Object.keys(POLICY_FIELDS) as PolicyName[];
export type ManagedPolicy = { -readonly [Name in PolicyName]?: z.output<(typeof POLICY_FIELDS)[Name]> };

/**
 * Reads what storage.managed holds, policy by policy: one that does not validate (Firefox checks none) is dropped and
 * named, so that one mistyped value leaves the others in force.
 */
export function readPolicy(raw: unknown): { policy: ManagedPolicy; dropped: string[] } {
  const policy: Record<string, unknown> = {};
  const dropped: string[] = [];
  if (typeof raw !== 'object' || raw === null) return { policy, dropped };
  for (const [name, value] of Object.entries(raw)) {
    const field = POLICY_FIELDS[name as PolicyName] as z.ZodType | undefined;
    const parsed = field?.safeParse(value);
    if (parsed?.success) policy[name] = parsed.data;
    else dropped.push(name);
  }
  return { policy: policy as ManagedPolicy, dropped };
}

/** Whether anything is set by the organization. */
export const isManaged = (policy: ManagedPolicy): boolean => Object.keys(policy).length > 0;

/** The settings' fields that the organization sets outright (the user's value is not used), with the policy that sets each. */
export const SETTING_POLICIES = {
  apiBaseUrl: 'serviceUrl',
  uploadBaseUrl: 'uploadUrl',
  authMode: 'authMode',
} as const satisfies Partial<Record<keyof Settings, PolicyName>>;

/** The settings' fields that the organization caps: the user may set less, never more. */
export const CAPPED_SETTINGS = {
  writeDailyLimit: 'writeDailyCreditLimit',
  askAboveCredits: 'askAboveCredits',
} as const satisfies Partial<Record<keyof Settings, PolicyName>>;

/** The settings in force: the user's, and what the organization alone decides. */
export interface SettingsInForce extends Settings {
  /** False: pages always go to the service as text, never by their address. */
  sendPageAddresses: boolean;
}

/** The user's settings as they apply under the organization's: set fields replaced, capped ones held to their cap. */
export function withPolicy(settings: Settings, policy: ManagedPolicy): SettingsInForce {
  const applied = { ...settings, sendPageAddresses: policy.sendPageAddresses ?? true };
  if (policy.serviceUrl !== undefined) applied.apiBaseUrl = policy.serviceUrl;
  if (policy.uploadUrl !== undefined) applied.uploadBaseUrl = policy.uploadUrl;
  if (policy.authMode !== undefined) applied.authMode = policy.authMode;
  if (policy.writeDailyCreditLimit !== undefined)
    applied.writeDailyLimit = Math.min(settings.writeDailyLimit, policy.writeDailyCreditLimit);
  // No question at all (null) is more than any cap: the organization's cap asks.
  if (policy.askAboveCredits !== undefined)
    applied.askAboveCredits = Math.min(settings.askAboveCredits ?? Infinity, policy.askAboveCredits);
  return applied;
}

export type CappedField = keyof typeof CAPPED_SETTINGS;
export type Caps = Partial<Record<CappedField, number>>;

/** The organization's caps, by the settings' field each holds. */
export function capsOf(policy: ManagedPolicy): Caps {
  const caps: Caps = {};
  for (const [field, name] of Object.entries(CAPPED_SETTINGS) as [CappedField, PolicyName][])
    if (policy[name] !== undefined) caps[field] = policy[name] as number;
  return caps;
}

/** The fields of `settings` over their cap, each with its cap (no question at all, null, is over any). */
export function overCaps(settings: Settings, caps: Caps): Caps {
  const over: Caps = {};
  for (const [field, cap] of Object.entries(caps) as [CappedField, number][]) {
    const value = settings[field];
    if (value === null || value > cap) over[field] = cap;
  }
  return over;
}

/** Whether the organization turned `feature` off. */
export const featureOff = (policy: ManagedPolicy, feature: Feature): boolean =>
  policy.disabledFeatures?.includes(feature) ?? false;
