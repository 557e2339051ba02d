/** The release manifest's permissions, written down so that adding one is a deliberate change. */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';

interface Manifest {
  permissions?: string[];
  host_permissions?: string[];
  optional_host_permissions?: string[];
  content_scripts?: unknown[];
}

describe('release manifest (Chrome)', () => {
  let manifest: Manifest;
  beforeAll(() => {
    execFileSync('npx', ['wxt', 'build'], { stdio: 'ignore' });
    manifest = JSON.parse(readFileSync('.output/chrome-mv3/manifest.json', 'utf8')) as Manifest;
  }, 120_000);

  it('asks for exactly these permissions', () => {
    expect(manifest.permissions?.sort()).toEqual(['activeTab', 'alarms', 'contextMenus', 'scripting', 'storage']);
    expect(manifest.host_permissions).toEqual(['https://api-az.longshot.ai/*', 'https://api-v2.longshot.ai/*']);
    expect(manifest.optional_host_permissions).toEqual(['https://*/*', 'http://*/*']);
  });

  it('declares no content script for every page', () => {
    expect(manifest.content_scripts ?? []).toEqual([]);
  });
});
