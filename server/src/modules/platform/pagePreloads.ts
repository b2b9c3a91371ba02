import fs from 'node:fs';
import path from 'node:path';
import { ownerOfPath, type Registry } from '@qiming/contracts';
import type { PreloadLink } from '../../http/hostPage.js';
import type { RemoteStore } from './remoteStore.js';

/** What a release's mf-manifest.json says about loading it (the fields read here). */
interface RemoteManifest {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  exposes?: Array<{ path?: string; assets?: { js?: { sync?: string[] }; css?: { sync?: string[] } } } | null>;
}

/** mf-stats.json, which the build writes beside the manifest: the shared modules each expose's own code requires. */
interface RemoteStats {
  exposes?: Array<{ path?: string; requires?: string[] } | null>;
}

/** page-chunks.json (build-config/page-chunks-plugin.cjs): the files of each page chunk, by its name. */
type PageChunks = Record<string, { js?: string[]; css?: string[] } | null>;

/** The files of a release its `./app` needs at once, the shared modules it asks the host for, and its pages' files. */
export interface ReleasePlan {
  entry: string;
  scripts: string[];
  styles: string[];
  shared: string[];
  pages: PageChunks;
}

const MANIFEST = 'mf-manifest.json';
const STATS = 'mf-stats.json';
const PAGES = 'page-chunks.json';
/** Releases are immutable: each one's plan is read once. Bounded, for long-running servers with many releases. */
const PLAN_CACHE_SIZE = 100;

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

/** shared-chunks.json of the host build (build-config/shared-chunks-plugin.cjs). */
interface HostChunks {
  shared?: Record<string, string[]>;
  /** The shared modules each shared module's files consume in turn (the UI kit: react-router-dom…). */
  requires?: Record<string, string[]>;
  boot?: { files?: string[]; shared?: string[] };
}

/** Hints for a release's scripts and stylesheets, under its base URL. */
function releaseHints(base: string, scripts: string[], styles: string[]): PreloadLink[] {
  return [...scripts.map((file): PreloadLink => ({ href: base + file, as: 'script' })), ...styles.map((file): PreloadLink => ({ href: base + file, as: 'style' }))];
}

/** What a release's manifest, stats and page-chunks.json say a page load of it needs; null while it is not (fully) stored. */
export async function readReleasePlan(store: RemoteStore, area: string, version: string): Promise<ReleasePlan | null> {
  const prefix = `${area}/${version}/`;
  const body = await store.blobs.read(prefix + MANIFEST);
  if (!body) return null;
  const manifest = JSON.parse(body.toString('utf8')) as RemoteManifest;
  const entry = path.posix.join(manifest.metaData?.remoteEntry?.path ?? '', manifest.metaData?.remoteEntry?.name || 'remoteEntry.js');
  const app = manifest.exposes?.find((e) => e?.path === './app');
  // Without stats (a build made elsewhere) the host's chunks are left to the runtime: the
  // manifest's shared list names every module any page of the area uses, most of them lazily.
  const stats = await store.blobs.read(prefix + STATS);
  const shared = stats ? strings((JSON.parse(stats.toString('utf8')) as RemoteStats).exposes?.find((e) => e?.path === './app')?.requires) : [];
  const exists = async (file: string) => (await store.blobs.exists(prefix + file)) && file;
  const existing = async (files: string[]) => (await Promise.all(files.map(exists))).filter((f): f is string => !!f);
  if (!(await exists(entry))) return null;
  const pageChunks = await store.blobs.read(prefix + PAGES);
  const pages: PageChunks = {};
  for (const [name, files] of Object.entries(pageChunks ? (JSON.parse(pageChunks.toString('utf8')) as PageChunks) : {})) {
    pages[name] = { js: await existing(strings(files?.js)), css: await existing(strings(files?.css)) };
  }
  return { entry, scripts: await existing(strings(app?.assets?.js?.sync)), styles: await existing(strings(app?.assets?.css?.sync)), shared, pages };
}


/**
 * The files of a release a page load fetches: its manifest and remoteEntry.js, the `./app`
 * expose's own files and every page chunk's (what the service worker caches ahead; everything
 * else, lazily loaded, it keeps when a page first uses it).
 */
export function bootFilesOf(plan: ReleasePlan): string[] {
  const pages = Object.values(plan.pages).flatMap((page) => [...strings(page?.js), ...strings(page?.css)]);
  return [...new Set([MANIFEST, plan.entry, ...plan.scripts, ...plan.styles, ...pages])].sort();
}

/** The page chunk a route shows: `page-<its first path segment>`, `page-index` for `/` (build-config/page-chunks-plugin.cjs). */
export function pageChunkOf(pathname: string): string {
  return `page-${pathname.split('/').find((segment) => segment !== '') ?? 'index'}`;
}

/**
 * The `<link rel="preload">` hints of a page: the host's boot chunk group and the shared modules it
 * consumes (fetched only after main.js has run, otherwise), and, for the area that owns the route, at the version this
 * visitor's registry names (so a canary visitor preloads the canary), its manifest, remoteEntry.js,
 * the `./app` expose's own chunks and the host's chunks of the shared modules that expose requires
 * (mf-stats.json) — the requests the boot would otherwise make one after another (host, registry,
 * manifest, entry, expose, shared chunks) — and the route's page chunk, which the area would ask
 * for only once its code has run and its router has matched the route (`pageChunkOf`).
 *
 * How each is fetched decides the hint, so that the browser reuses the preloaded response instead
 * of fetching twice: the MF runtime fetches the manifest with `fetch()` (CORS mode, same-origin
 * credentials: `as="fetch" crossorigin`), loads remoteEntry.js and webpack loads chunks as classic
 * scripts without a `crossorigin` attribute (`as="script"`), CSS chunks as stylesheets
 * (`as="style"`). Only files that exist are named: the remote store's release, the host build's.
 */
export class PagePreloads {
  private readonly plans = new Map<string, Promise<ReleasePlan | null>>();
  private hostChunks: { mtimeMs: number; chunks: HostChunks } | null = null;

  constructor(
    private readonly store: RemoteStore,
    private readonly hostShellDir: string,
  ) {}

  /** The host's boot files on every page; then, when an area owns the route, that area's. */
  async for(registry: Registry, pathname: string): Promise<PreloadLink[]> {
    const host = this.currentHostChunks();
    const links: PreloadLink[] = this.hostFilesOf(host, host.boot?.files ?? [], host.boot?.shared ?? []);
    const owner = ownerOfPath(pathname, registry.areas);
    const area = registry.areas.find((a) => a.area === owner);
    const plan = area?.version && area.entry ? await this.planOf(area.area, area.version) : null;
    if (area?.entry && plan) {
      const base = area.entry.slice(0, area.entry.lastIndexOf('/') + 1);
      links.push(
        { href: area.entry, as: 'fetch', crossorigin: true },
        { href: base + plan.entry, as: 'script' },
        ...this.hostFilesOf(host, [], plan.shared),
        ...releaseHints(base, plan.scripts, plan.styles),
      );
      const page = plan.pages[pageChunkOf(pathname)];
      if (page) links.push(...releaseHints(base, strings(page.js), strings(page.css)));
    }
    const seen = new Set<string>();
    return links.filter((link) => !seen.has(link.href) && !!seen.add(link.href));
  }

  private planOf(area: string, version: string): Promise<ReleasePlan | null> {
    const key = `${area}@${version}`;
    let plan = this.plans.get(key);
    if (!plan) {
      plan = readReleasePlan(this.store, area, version);
      if (this.plans.size >= PLAN_CACHE_SIZE) this.plans.delete(this.plans.keys().next().value!);
      this.plans.set(key, plan);
      // A release not (yet) readable is asked again next time.
      void plan.then((p) => p ?? this.plans.delete(key), () => this.plans.delete(key));
    }
    return plan;
  }

  /** The host build's shared-chunks.json, re-read when a new build replaces it; empty for a host built before it existed. */
  private currentHostChunks(): HostChunks {
    const file = path.join(this.hostShellDir, 'shared-chunks.json');
    let stat: fs.Stats;
    try {
      stat = fs.statSync(file);
    } catch {
      return {};
    }
    if (this.hostChunks?.mtimeMs !== stat.mtimeMs) this.hostChunks = { mtimeMs: stat.mtimeMs, chunks: JSON.parse(fs.readFileSync(file, 'utf8')) as HostChunks };
    return this.hostChunks.chunks;
  }

  /** Hints for host files and the host's files of these shared modules and of those they require in turn, those that exist. */
  private hostFilesOf(host: HostChunks, files: string[], sharedNames: string[]): PreloadLink[] {
    const names = new Set(sharedNames);
    for (const name of names) for (const required of strings(host.requires?.[name])) names.add(required);
    const all = [...strings(files), ...[...names].flatMap((name) => strings(host.shared?.[name]))];
    return [...new Set(all)]
      .filter((f) => fs.existsSync(path.join(this.hostShellDir, f)))
      .map((f): PreloadLink => ({ href: `/${f}`, as: f.endsWith('.css') ? 'style' : 'script' }));
  }
}

