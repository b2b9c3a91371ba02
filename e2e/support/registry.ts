import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ops, repoRoot } from './product';

export const dataDir = () => {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set: the suite runs through playwright.config.ts');
  return dir;
};

export const opsCli = (...args: string[]) => ops(dataDir(), 'remotes', ...args);

/** `pnpm ops cdkeys …` against the e2e server. */
export const cdkeysCli = (...args: string[]) => ops(dataDir(), 'cdkeys', ...args);
export const announcementsCli = (...args: string[]) => ops(dataDir(), 'announcements', ...args);
export const featuredCli = (...args: string[]) => ops(dataDir(), 'featured', ...args);

export const buildDir = (area: string, version: string) => path.join(repoRoot, `mf-${area}`, 'dist', version);

/** Publishes a copy of a real build under another version number (release.json says which). */
export function publishCopy(area: string, fromVersion: string, newVersion: string): void {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'qm-e2e-build-'));
  fs.cpSync(buildDir(area, fromVersion), copy, { recursive: true });
  const releaseFile = path.join(copy, 'release.json');
  fs.writeFileSync(releaseFile, JSON.stringify({ ...JSON.parse(fs.readFileSync(releaseFile, 'utf8')), version: newVersion }));
  opsCli('publish', area, copy);
  fs.rmSync(copy, { recursive: true, force: true });
}

/** Makes a published version's container entry disappear from the server, as a bad deploy would. */
export function deleteRemoteEntry(area: string, version: string): void {
  fs.rmSync(path.join(dataDir(), 'remotes', area, version, 'remoteEntry.js'));
}

export function historyLines(area: string): string[] {
  return opsCli('history', area, '--limit', '100').trim().split('\n');
}

/** Serves this page's documents without the registry the server writes into them, as an older server did: the host must ask the API. */
export async function withoutInlinedRegistry(page: import('@playwright/test').Page): Promise<void> {
  await page.route(
    (url) => !/^\/(app-api|remotes)\//.test(url.pathname) && !/\.[a-z0-9]+$/i.test(url.pathname),
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const response = await route.fetch();
      const body = (await response.text()).replace(/<script type="application\/json" id="qm-registry">.*?<\/script>/s, '');
      await route.fulfill({ response, body });
    },
  );
}
