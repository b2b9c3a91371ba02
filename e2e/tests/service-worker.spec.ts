import { expect, test, type Page, type Request, type Response } from '@playwright/test';
import { expectArea } from '../support/pages';
import { opsCli, publishCopy } from '../support/registry';
import { cachedUrls, cacheNames, controlledByServiceWorker, releaseFiles } from '../support/serviceWorker';

const AREAS = ['account', 'chat', 'pay', 'toolbox', 'media'];
const NEXT_CHAT = '1.0.3-sw';
/** Put into another area's cache before a chat switch: still there after it, that cache was not rebuilt. */
const MARKER = '/qm-e2e-untouched';

test.use({ serviceWorkers: 'allow' });

const areaCache = (area: string, version: string) => `qm-area-${area}-${version}`;

/** Waits until the worker has cached every file of the release it fetches ahead and marked it whole (host-shell/src/sw/areaCacheSync.ts). */
async function expectReleaseCached(page: Page, area: string, version: string) {
  const origin = new URL(page.url()).origin;
  // Fonts are stored when a page first uses them, not ahead (host-shell/README.md, "Service worker").
  const files = (await releaseFiles(page, area, version)).filter((file) => !/\.(woff2?|ttf|otf|eot)$/i.test(file));
  expect(files.length).toBeGreaterThan(2);
  const expected = [...files, '.qm-complete'].map((file) => `${origin}/remotes/${area}/${version}/${file}`).sort();
  await expect.poll(async () => (await cachedUrls(page, areaCache(area, version)))?.filter((url) => !url.endsWith(MARKER)), { timeout: 30_000 }).toEqual(expected);
}

interface Load {
  /** The area's files the page received (any version). */
  files: Response[];
  /** The area's files the worker fetched from the network (Chromium reports a worker's requests on the context). */
  fromNetwork: string[];
}

/**
 * Reloads until the area has drawn. A copy published under another version reports the version it
 * was built as, so which version runs is read from where its files came from.
 */
async function reload(page: Page, area: string): Promise<Load> {
  const prefix = `/remotes/${area}/`;
  const load: Load = { files: [], fromNetwork: [] };
  const onResponse = (response: Response) => {
    if (new URL(response.url()).pathname.startsWith(prefix)) load.files.push(response);
  };
  const onWorkerRequest = (request: Request) => {
    if (request.serviceWorker() && new URL(request.url()).pathname.startsWith(prefix)) load.fromNetwork.push(new URL(request.url()).pathname);
  };
  page.on('response', onResponse);
  page.context().on('request', onWorkerRequest);
  await page.reload();
  await expectArea(page, area);
  page.off('response', onResponse);
  page.context().off('request', onWorkerRequest);
  return load;
}

const versionsOf = (load: Load) => [...new Set(load.files.map((r) => new URL(r.url()).pathname.split('/')[3]))];
/** Files that did not go through the worker at all. */
const bypassed = (load: Load) => load.files.filter((r) => !r.fromServiceWorker()).map((r) => r.url());

test.describe.serial('the service worker', () => {
  // The worker caches five areas (then the switched one twice) beside the page on 2 busy cores.
  test.describe.configure({ timeout: 180_000 });

  test('a repeat visit runs the chat area from its cache; activate and rollback switch versions and replace exactly that area’s cache', async ({ page }) => {
    await page.goto('/chatPage');
    await expectArea(page, 'chat', '1.0.0');
    await controlledByServiceWorker(page);
    for (const area of AREAS) await expectReleaseCached(page, area, '1.0.0');

    const repeat = await reload(page, 'chat');
    expect(repeat.files.map((r) => new URL(r.url()).pathname)).toEqual(expect.arrayContaining(['/remotes/chat/1.0.0/mf-manifest.json', '/remotes/chat/1.0.0/remoteEntry.js']));
    expect(versionsOf(repeat)).toEqual(['1.0.0']);
    expect(bypassed(repeat)).toEqual([]);
    expect(repeat.fromNetwork).toEqual([]);

    const others = AREAS.filter((area) => area !== 'chat');
    await page.evaluate(
      async ({ names, marker }) => {
        for (const name of names) await (await caches.open(name)).put(marker, new Response('untouched'));
      },
      { names: others.map((area) => areaCache(area, '1.0.0')), marker: MARKER },
    );
    const othersBefore = await Promise.all(others.map((area) => cachedUrls(page, areaCache(area, '1.0.0'))));

    publishCopy('chat', '1.0.0', NEXT_CHAT);
    opsCli('activate', 'chat', NEXT_CHAT);
    try {
      // The first load after the switch: the new version's files, from the network (not cached yet).
      const switched = await reload(page, 'chat');
      expect(versionsOf(switched)).toEqual([NEXT_CHAT]);
      expect(switched.fromNetwork).toContain(`/remotes/chat/${NEXT_CHAT}/remoteEntry.js`);
      await expectReleaseCached(page, 'chat', NEXT_CHAT);
      await expect.poll(() => cacheNames(page)).not.toContain(areaCache('chat', '1.0.0'));
      expect(await Promise.all(others.map((area) => cachedUrls(page, areaCache(area, '1.0.0'))))).toEqual(othersBefore);

      const afterSwitch = await reload(page, 'chat');
      expect(versionsOf(afterSwitch)).toEqual([NEXT_CHAT]);
      expect(bypassed(afterSwitch)).toEqual([]);
      expect(afterSwitch.fromNetwork).toEqual([]);
    } finally {
      opsCli('rollback', 'chat');
    }
    const rolledBack = await reload(page, 'chat');
    expect(versionsOf(rolledBack)).toEqual(['1.0.0']);
    await expectReleaseCached(page, 'chat', '1.0.0');
    await expect.poll(() => cacheNames(page)).not.toContain(areaCache('chat', NEXT_CHAT));
  });

  test('pages come from the network while it answers and from the last copy when it does not; /app-api never from the worker', async ({ page, context }) => {
    await page.goto('/chatPage');
    await expectArea(page, 'chat', '1.0.0');
    await controlledByServiceWorker(page);
    await expectReleaseCached(page, 'chat', '1.0.0');
    const apiFromWorker: string[] = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname.startsWith('/app-api/') && response.fromServiceWorker()) apiFromWorker.push(url.pathname);
    });
    await page.reload();
    await expectArea(page, 'chat', '1.0.0');
    expect(apiFromWorker).toEqual([]);

    await context.setOffline(true);
    try {
      await page.reload();
      await expectArea(page, 'chat', '1.0.0');
    } finally {
      await context.setOffline(false);
    }
  });
});
