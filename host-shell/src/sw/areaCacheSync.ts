import { areaCachePlan, type RegistryAreaLike, type WantedRelease } from './areaCachePlan';
import { releaseFilesUrl, releaseFileUrls } from './releaseFiles';

/** Files fetched at once while caching a release: it runs beside the page, which comes first. */
const FETCH_BATCH = 4;

/**
 * Put into a release's cache once every listed file is in it, so later page loads ask nothing. A
 * dot name: the server serves no such file (a release cannot have one), so it never answers a request.
 */
export const COMPLETE_MARKER = '.qm-complete';

/**
 * Keeps one cache per area version the registry names: drops the caches of versions no longer
 * named, then fills each named version's cache with the files it lacks (the server's list of the
 * release). Syncs run one after another (several tabs may post at once); an interrupted one is
 * completed by the next, and a failed file is asked for again next time.
 */
export class AreaCacheSync {
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly caches: CacheStorage,
    private readonly fetch: (input: string) => Promise<Response>,
    private readonly origin: string,
  ) {}

  sync(areas: readonly RegistryAreaLike[]): Promise<void> {
    this.queue = this.queue.then(() => this.run(areas)).catch((error: unknown) => console.warn('[sw] area caches not updated', error));
    return this.queue;
  }

  private async run(areas: readonly RegistryAreaLike[]): Promise<void> {
    const plan = areaCachePlan(areas, await this.caches.keys(), this.origin);
    await Promise.all(plan.stale.map((name) => this.caches.delete(name)));
    for (const release of plan.wanted) {
      await this.fill(release).catch((error: unknown) => console.warn(`[sw] ${release.area} ${release.version} not cached`, error));
    }
  }

  private async fill(release: WantedRelease): Promise<void> {
    const marker = new URL(COMPLETE_MARKER, release.base).href;
    if (await this.caches.has(release.cacheName)) {
      if (await (await this.caches.open(release.cacheName)).match(marker)) return;
    }
    const listed = await this.fetch(releaseFilesUrl(release.area, release.version));
    const urls = listed.ok ? releaseFileUrls(await listed.json(), release.base) : null;
    if (!urls) throw new Error(`no file list for ${release.area} ${release.version} (HTTP ${listed.status})`);
    const cache = await this.caches.open(release.cacheName);
    const present = new Set((await cache.keys()).map((request) => request.url));
    const missing = urls.filter((url) => !present.has(url));
    let failed = 0;
    for (let start = 0; start < missing.length; start += FETCH_BATCH) {
      await Promise.all(
        missing.slice(start, start + FETCH_BATCH).map(async (url) => {
          const response = await this.fetch(url).catch(() => null);
          if (response?.ok) await cache.put(url, response);
          else failed++;
        }),
      );
    }
    if (failed) throw new Error(`${failed} of ${urls.length} files not cached`);
    await cache.put(marker, new Response(String(urls.length)));
  }
}
