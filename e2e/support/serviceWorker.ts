import type { Page } from '@playwright/test';

/** The files of a published release the service worker caches (the server's list). */
export async function releaseFiles(page: Page, area: string, version: string): Promise<string[]> {
  const answer = (await (await page.request.get(`/app-api/platform/releases/${area}/${version}/files`)).json()) as { data: { files: string[] } };
  return answer.data.files;
}

/** The URLs in one of the page's caches, or null when there is no such cache (never creates it). */
export function cachedUrls(page: Page, cacheName: string): Promise<string[] | null> {
  return page.evaluate(async (name) => {
    if (!(await caches.has(name))) return null;
    return (await (await caches.open(name)).keys()).map((request) => request.url).sort();
  }, cacheName);
}

export function cacheNames(page: Page): Promise<string[]> {
  return page.evaluate(async () => (await caches.keys()).sort());
}

/** Resolves once the page is controlled by the site's service worker. */
export async function controlledByServiceWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller?.scriptURL.endsWith('/sw.js') === true);
}
