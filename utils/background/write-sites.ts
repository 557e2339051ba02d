/**
 * The sites where the user turned on "check as I write": the list, each site's host permission, and the content script
 * registered for each, so that it runs there as pages load. Nothing runs on any other site.
 */
import { browser } from '#imports';
import { z } from 'zod';
import { ServiceError } from './api/errors';
import { defineTrustedItem } from '../shared/trusted-item';
import { ALL_SITES, sitePattern } from '../shared/site-access';
import { CONTENT_PARTS_FILE, CONTENT_SCRIPT_FILE } from './tab-access';
import { t } from '../shared/i18n';
import { loadPolicy } from './settings-store';
import { serialWrites } from './serial-writes';

const writeSiteSchema = z.object({
  /** `https://example.org`: a site is an origin, as host permissions name it. */
  origin: z.string(),
  /** FactLens asked for the site's permission as it was turned on (it had not been granted already): taken back with it. */
  askedPermission: z.boolean(),
  addedAt: z.number(),
});
export type WriteSite = z.infer<typeof writeSiteSchema>;
/** A site in force: the user's own, or one the organization turned on (`managed`), which the user cannot turn off. */
export type SiteInForce = WriteSite & { managed: boolean };
/** Where the organization stands on a site: turned on, blocked, or neither (the user's to decide). */
export type SitePolicy = 'on' | 'blocked' | 'none';

const sitesItem = defineTrustedItem<unknown[]>('writeSites', []);
/** The registered scripts' ids start with this, the site's origin after it. */
const SCRIPT_PREFIX = 'factlens-write:';

/** The site of a page, as an origin, if it is one that can be checked as the user writes (http or https). */
export function siteOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/** Changes are chained, so that two made at once do not lose one. */
const writes = serialWrites();
const serially = <T>(change: () => Promise<T>): Promise<T> => writes.run(change);

async function readSites(): Promise<WriteSite[]> {
  return (await sitesItem.getValue()).flatMap((raw) => {
    const parsed = writeSiteSchema.safeParse(raw);
    return parsed.success ? [parsed.data] : [];
  });
}

/**
 * The sites in force: those the organization turns on, then the user's own; none the organization blocks (its
 * `writeSites` and `writeSitesBlocked` policies, read at each call).
 */
async function inForce(own: WriteSite[]): Promise<SiteInForce[]> {
  const { policy } = await loadPolicy();
  const blocked = new Set(policy.writeSitesBlocked);
  const byOrganization = (policy.writeSites ?? [])
    .filter((origin) => !blocked.has(origin))
    .map((origin) => ({ origin, askedPermission: false, addedAt: 0, managed: true }));
  const theirs = new Set(byOrganization.map((site) => site.origin));
  return [
    ...byOrganization,
    ...own
      .filter((site) => !blocked.has(site.origin) && !theirs.has(site.origin))
      .map((site) => ({ ...site, managed: false })),
  ];
}

/** Where the organization stands on a site (see SitePolicy). */
export async function sitePolicy(origin: string): Promise<SitePolicy> {
  const { policy } = await loadPolicy();
  if (policy.writeSitesBlocked?.includes(origin)) return 'blocked';
  return policy.writeSites?.includes(origin) ? 'on' : 'none';
}

/** The sites in force, once the changes under way are made. */
export async function listWriteSites(): Promise<SiteInForce[]> {
  await writes.settled();
  return inForce(await readSites());
}

/** Whether checking as the user writes is on for the page at `url` (its site in force, and allowed). */
export async function isWriteSite(url: string | undefined): Promise<boolean> {
  const origin = siteOf(url);
  if (!origin || !(await listWriteSites()).some((site) => site.origin === origin)) return false;
  return browser.permissions.contains({ origins: [sitePattern(origin)] }).catch(() => false);
}

/**
 * Turns checking as the user writes on for a site. The extension page that asked has already had the user grant the
 * site's permission (only a page can ask, in the click): `askedPermission` says whether it had to.
 */
export function addWriteSite(origin: string, askedPermission: boolean): Promise<SiteInForce[]> {
  return serially(async () => {
    if (siteOf(origin) !== origin)
      throw new ServiceError({
        kind: 'invalid-input',
        message: t('writeOnlyWebSites'),
      });
    if ((await sitePolicy(origin)) === 'blocked')
      throw new ServiceError({ kind: 'invalid-input', message: t('writeSiteBlockedByOrganization') });
    if (!(await browser.permissions.contains({ origins: [sitePattern(origin)] }).catch(() => false)))
      throw new ServiceError({
        kind: 'invalid-input',
        message: t('writeSiteNotAllowed', new URL(origin).host),
      });
    const all = await readSites();
    const before = all.find((site) => site.origin === origin);
    const sites = all.filter((site) => site !== before);
    sites.push({ origin, askedPermission: before?.askedPermission || askedPermission, addedAt: Date.now() });
    await sitesItem.setValue(sites);
    await registerFor(sites);
    return inForce(sites);
  });
}

/** Turns it off for a site: its script unregistered, and its permission taken back if FactLens asked for it. */
export function removeWriteSite(origin: string): Promise<SiteInForce[]> {
  return serially(async () => {
    if ((await sitePolicy(origin)) === 'on')
      throw new ServiceError({ kind: 'invalid-input', message: t('writeSiteOnByOrganization') });
    const all = await readSites();
    const removed = all.find((site) => site.origin === origin);
    const sites = all.filter((site) => site.origin !== origin);
    await sitesItem.setValue(sites);
    await registerFor(sites);
    if (removed?.askedPermission && !(await allSitesAllowed()))
      // A permission the manifest asks for cannot be removed; it was not ours to take back.
      await browser.permissions.remove({ origins: [sitePattern(origin)] }).catch(() => false);
    return inForce(sites);
  });
}

const allSitesAllowed = () => browser.permissions.contains({ origins: ALL_SITES }).catch(() => false);

/**
 * Registers the content script for every site in force, and unregisters the others: at each change (the
 * organization's too), and as the worker starts (Chrome keeps registrations across restarts, Firefox does not). A
 * user's site whose permission they took back in the browser's settings is dropped from their list; one the
 * organization turns on waits for its permission (the options page asks for it).
 */
export function syncRegistrations(): Promise<void> {
  return serially(async () => registerFor(await readSites()));
}

async function registerFor(own: WriteSite[]): Promise<void> {
  const permitted = (site: WriteSite) =>
    browser.permissions.contains({ origins: [sitePattern(site.origin)] }).catch(() => false);
  const allowed: WriteSite[] = [];
  for (const site of own) if (await permitted(site)) allowed.push(site);
  if (allowed.length !== own.length) await sitesItem.setValue(allowed);
  const active: SiteInForce[] = [];
  for (const site of await inForce(allowed)) if (!site.managed || (await permitted(site))) active.push(site);
  const wanted = new Map(active.map((site) => [`${SCRIPT_PREFIX}${site.origin}`, site]));
  const registered = (await browser.scripting.getRegisteredContentScripts()).filter((script) =>
    script.id.startsWith(SCRIPT_PREFIX),
  );
  // A registration of an earlier version (its files not these) is made again.
  const files = [CONTENT_SCRIPT_FILE, CONTENT_PARTS_FILE];
  const current = (script: { id: string; js?: string[] }) =>
    wanted.has(script.id) && script.js?.join() === files.join();
  const stale = registered.filter((script) => !current(script)).map((script) => script.id);
  if (stale.length) await browser.scripting.unregisterContentScripts({ ids: stale });
  const have = new Set(registered.filter(current).map((script) => script.id));
  const missing = [...wanted].filter(([id]) => !have.has(id));
  if (missing.length)
    await browser.scripting.registerContentScripts(
      missing.map(([id, site]) => ({
        id,
        matches: [sitePattern(site.origin)],
        js: files,
        runAt: 'document_idle' as const,
        // Editors in frames of the same site are checked too; the content script asks whether its own frame's site is on.
        allFrames: true,
        persistAcrossSessions: true,
      })),
    );
}
