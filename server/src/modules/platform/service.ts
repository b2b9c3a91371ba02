import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Registry, RegistryArea, RemoteFailureReport, SiteConfig } from '@qiming/contracts';
import { buildProblems, siblingProblems, type AreaDefinition } from '@qiming/contracts/federation';
import { GUARD_DEFAULTS, guardRuleProblem, parseGuard, visitorHash, type GuardRule, type GuardSettings, type GuardVerdict } from './canaryGuard.js';
import { CanaryWatch, type ReportCohort } from './canaryWatch.js';
import { inCanary } from './cohort.js';
import { bootFilesOf, readReleasePlan } from './pagePreloads.js';
import { PREVIEW_HOURS_DEFAULT, PREVIEW_HOURS_MAX, type PreviewGrant, type PreviewLinks } from './previewLinks.js';
import { sizeProblem } from './releaseLimits.js';
import { contentHashOf, integrityOf, type RemoteStore } from './remoteStore.js';
import { parseDetail, type Channel, type PlatformRepository, type Release, type RemoteEvent } from './repository.js';

/** A refused registry operation; its message is for the operator or the caller as it stands. */
export class PlatformError extends Error {}

/** Browser reports are unauthenticated: only the newest ones per area are kept. */
export const MAX_ERROR_EVENTS_PER_AREA = 500;

const VERSION_PATTERN = /^[0-9A-Za-z][0-9A-Za-z.+_-]{0,63}$/;

/** Release file lists kept (a release's files never change once published); bounded for long-running servers. */
const FILE_LIST_CACHE_SIZE = 100;

export interface AreaSummary {
  area: string;
  active: string | null;
  previous: string | null;
  canary: { version: string; percent: number; guard: GuardSettings | null } | null;
  releases: string[];
}

/** How many of an area's newest releases `prune` keeps unless told. */
export const PRUNE_KEEP_DEFAULT = 10;
const PRUNE_KEEP_MAX = 1000;

/** A canary's guard as asked for: a rule (defaults filled), `false` to drop it, undefined to keep the running one for the same version. */
export type GuardRequest = Partial<GuardRule> | false | undefined;


export class PlatformService {
  private readonly fileLists = new Map<string, string[]>();
  private readonly watch: CanaryWatch;

  constructor(
    private readonly repo: PlatformRepository,
    private readonly store: RemoteStore,
    private readonly areas: readonly AreaDefinition[],
    private readonly apiSiteUrl: string,
    private readonly site: SiteConfig,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.watch = new CanaryWatch(repo, now);
  }

  /** Creates the channel of every area the platform knows, with its default routes. */
  async ensureAreas(): Promise<void> {
    for (const a of this.areas) await this.repo.ensureChannel(a.area, a.container, a.routes);
  }

  /**
   * The registry as one caller should see it (canary cohort by caller key), with the site's language
   * and switches. A preview grant (previewLinks.ts) puts its version in for this caller alone, with
   * what the caller would otherwise get as its fallback. While an area's canary is guarded, which
   * version each caller was served is written down: the guard's denominator.
   */
  async registryFor(callerKey: string, previews: readonly PreviewGrant[] = []): Promise<Registry> {
    const [channels, releases] = await Promise.all([this.repo.channels(), this.repo.releases()]);
    const entryOf = (area: string, version: string | null) =>
      version ? releases.find((r) => r.area === area && r.version === version)?.entry_url ?? null : null;
    const served: Promise<void>[] = [];
    const areas = channels.map((channel): RegistryArea => {
      const canary = this.cohortOf(channel, callerKey) === 'canary';
      const version = canary ? channel.canary_version : channel.active_version;
      const fallbackVersion = canary ? channel.active_version : channel.previous_version;
      const routes = JSON.parse(channel.routes) as string[];
      const preview = previews.find((g) => g.area === channel.area);
      const previewEntry = preview ? entryOf(channel.area, preview.version) : null;
      if (preview && previewEntry) {
        const ownEntry = entryOf(channel.area, version);
        return {
          area: channel.area,
          container: channel.container,
          version: preview.version,
          entry: previewEntry,
          fallback: version && ownEntry && version !== preview.version ? { version, entry: ownEntry } : null,
          routes,
          preview: { expiresAt: new Date(preview.expiresAt).toISOString() },
        };
      }
      if (channel.canary_guard && version) served.push(this.watch.served(channel.area, version, callerKey));
      const fallbackEntry = entryOf(channel.area, fallbackVersion);
      return {
        area: channel.area,
        container: channel.container,
        version,
        entry: entryOf(channel.area, version),
        fallback: fallbackVersion && fallbackEntry && fallbackVersion !== version ? { version: fallbackVersion, entry: fallbackEntry } : null,
        routes,
      };
    });
    await Promise.all(served);
    return { areas, apiSite: this.apiSiteUrl, site: this.site };
  }

  /** A preview grant for a published version, `hours` long (README "Preview before activation"). */
  async previewGrant(
    links: PreviewLinks,
    { area, version, hours = PREVIEW_HOURS_DEFAULT, actor = 'cli' }: { area: string; version: string; hours?: number; actor?: string },
  ): Promise<{ text: string; path: string; expiresAt: string }> {
    await this.requireChannel(area);
    await this.requireRelease(area, version);
    if (!Number.isInteger(hours) || hours < 1 || hours > PREVIEW_HOURS_MAX) throw new PlatformError(`预览链接的有效期必须是 1 到 ${PREVIEW_HOURS_MAX} 小时的整数`);
    const expiresAt = this.now().getTime() + hours * 3600_000;
    const text = links.sign({ area, version, expiresAt });
    const landing = (await this.requireArea(area)).routes.find((r) => !r.includes(':') && !r.includes('*')) ?? '/';
    await this.repo.addEvent({ area, kind: 'preview', version, detail: JSON.stringify({ expiresAt: new Date(expiresAt).toISOString() }), actor });
    return { text, path: `${landing}?preview=${text}`, expiresAt: new Date(expiresAt).toISOString() };
  }

  /** Which cohort a caller is in for an area: the canary's while one runs and the caller's bucket is in it. */
  private cohortOf(channel: Channel, callerKey: string): Exclude<ReportCohort, null> {
    const canary = !!channel.canary_version && channel.canary_percent > 0 && inCanary(channel.area, callerKey, channel.canary_percent);
    return canary ? 'canary' : 'active';
  }

  /**
   * Validates a build and copies it into the store under its version (release.json's, or `as`:
   * a local rebuild's own name, written into the stored release.json). `actor` is who does it, for
   * the history (a deploy token's name, `ops` over HTTP with OPS_TOKEN, `cli` from pnpm ops).
   */
  async publish({ area, buildDir, notes = '', as, actor = 'cli' }: { area: string; buildDir: string; notes?: string; as?: string; actor?: string }): Promise<{ version: string; alreadyPublished: boolean }> {
    const definition = await this.requireArea(area);
    if (!fs.existsSync(buildDir) || !fs.statSync(buildDir).isDirectory()) throw new PlatformError(`构建目录不存在：${buildDir}`);
    const oversize = sizeProblem(buildDir);
    if (oversize) throw new PlatformError(oversize);
    const release = readJson(path.join(buildDir, 'release.json')) as { area?: string; version?: string } | null;
    if (!release?.version) throw new PlatformError('构建目录里没有 release.json（请用项目的构建命令生成）');
    if (release.area !== area) throw new PlatformError(`这是区域 ${release.area ?? '?'} 的构建，不能发布到 ${area}`);
    const version = as ?? release.version;
    if (!VERSION_PATTERN.test(version)) throw new PlatformError(`版本号不合法：${version}`);
    if (!fs.existsSync(path.join(buildDir, 'remoteEntry.js'))) throw new PlatformError('构建里缺少 remoteEntry.js');
    const manifest = readJson(path.join(buildDir, 'mf-manifest.json'));
    if (manifest === null) throw new PlatformError('构建里缺少 mf-manifest.json 或其内容不是 JSON');
    const problems = buildProblems({ manifest, chunkPackages: readJson(path.join(buildDir, 'chunk-packages.json')) }, definition.container);
    if (problems.length) throw new PlatformError(`构建不符合共享约定：${problems.join('；')}`);
    // A sibling is sent in place of its file, so one that does not decode to it is refused.
    const badSiblings = await siblingProblems(buildDir);
    if (badSiblings.length) throw new PlatformError(`构建里的压缩文件有误：${badSiblings.join('；')}`);

    // Integrity and every check above are of the uncompressed files; siblings are derived from them.
    const integrity = integrityOf(buildDir);
    const contentHash = contentHashOf(buildDir);
    const existing = await this.repo.release(area, version);
    if (existing) {
      if (!sameContent(existing, integrity, contentHash)) throw new PlatformError(`${area} ${version} 已发布且内容不同；已发布的文件不可改写，请提升版本号后重新构建`);
      // Published before builds had siblings: they are added, nothing else changes.
      if (await this.store.has(area, version)) await this.store.completeSiblings(area, version);
      return { version, alreadyPublished: true };
    }
    // Not in the registry: whatever is stored under the version is an interrupted publish's.
    await this.store.remove(area, version);
    await this.store.copyIn(area, version, buildDir, version === release.version ? undefined : { ...release, version });
    await this.repo.insertRelease({ area, version, entry_url: this.store.entryUrl(area, version), integrity, content_hash: contentHash, notes });
    await this.repo.addEvent({ area, kind: 'publish', version, detail: JSON.stringify({ integrity, notes }), actor });
    return { version, alreadyPublished: false };
  }

  /**
   * `remotes bootstrap` (what `npm start` runs after building): publishes each area's local build
   * and makes it live when the area has no live version or runs another build of the same version
   * line. A build whose version is already published with other content (the sources changed since
   * the last start) is published as `<version>-local.<hash of its content>`, as published files are
   * never rewritten; the same build always gets the same name. An area ops moved to another version
   * keeps it.
   */
  async publishLocalBuild(area: string, buildDir: string): Promise<{ version: string; alreadyPublished: boolean; activated: boolean; active: string | null }> {
    const release = readJson(path.join(buildDir, 'release.json')) as { version?: string } | null;
    const base = release?.version;
    if (!base) return { ...(await this.publish({ area, buildDir })), activated: false, active: null };
    const published = await this.repo.release(area, base);
    const contentHash = contentHashOf(buildDir);
    const as = published && !sameContent(published, integrityOf(buildDir), contentHash) ? `${base}-local.${createHash('sha256').update(contentHash).digest('hex').slice(0, 10)}` : base;
    const { version, alreadyPublished } = await this.publish({ area, buildDir, as });
    const { active_version: active } = await this.requireChannel(area);
    const sameLine = active === base || !!active?.startsWith(`${base}-local.`);
    if (active === version || (active && !sameLine)) return { version, alreadyPublished, activated: false, active };
    await this.activate(area, version, 'cli');
    return { version, alreadyPublished, activated: true, active: version };
  }

  /** Makes a published version live; the version it replaces becomes the known-good fallback. */
  async activate(area: string, version: string, actor = 'cli'): Promise<Channel> {
    const channel = await this.requireChannel(area);
    await this.requireRelease(area, version);
    if (channel.active_version === version) return channel;
    const clearsCanary = channel.canary_version === version;
    await this.repo.updateChannel(area, {
      active_version: version,
      previous_version: channel.active_version ?? channel.previous_version,
      ...(clearsCanary ? { canary_version: null, canary_percent: 0, canary_guard: null } : {}),
    });
    if (clearsCanary) await this.watch.forget(area);
    await this.repo.addEvent({ area, kind: 'activate', version, detail: JSON.stringify({ from: channel.active_version, ...(clearsCanary ? { promoted: true } : {}) }), actor });
    return this.requireChannel(area);
  }

  /** Makes the running canary the live version for everyone (its guard ends; the old live version becomes the fallback). */
  async promote(area: string, actor = 'cli'): Promise<{ version: string; verdict: GuardVerdict | null }> {
    const channel = await this.requireChannel(area);
    if (!channel.canary_version) throw new PlatformError(`${area} 没有正在灰度的版本`);
    const verdict = await this.watch.verdict(channel);
    await this.activate(area, channel.canary_version, actor);
    return { version: channel.canary_version, verdict };
  }

  /** Puts the known-good version back; the version rolled back from is never offered as a fallback again. */
  async rollback(area: string, actor = 'cli'): Promise<{ from: string | null; to: string }> {
    const channel = await this.requireChannel(area);
    const target = channel.previous_version;
    if (!target) throw new PlatformError(`${area} 没有可回滚的上一个版本`);
    const rolledBack = new Set((await this.repo.events(area, 1000)).filter((e) => e.kind === 'rollback').map((e) => parseDetail(e).from as string));
    if (channel.active_version) rolledBack.add(channel.active_version);
    const [history, releases] = await Promise.all([this.repo.activationHistory(area), this.repo.releases(area)]);
    const published = new Set(releases.map((r) => r.version));
    const nextPrevious = history.find((v) => v !== target && !rolledBack.has(v) && published.has(v)) ?? null;
    await this.repo.updateChannel(area, { active_version: target, previous_version: nextPrevious });
    await this.repo.addEvent({ area, kind: 'rollback', version: target, detail: JSON.stringify({ from: channel.active_version }), actor });
    return { from: channel.active_version, to: target };
  }

  /**
   * Serves `version` to `percent`% of callers (stable per caller); 0 ends the canary. With a guard
   * (README "Guarded canary") the canary ends by itself when its cohort's failures rise above the
   * active version's; a call for the same version without `guard` keeps the running one.
   */
  async canary(area: string, version: string, percent: number, actor = 'cli', guard?: GuardRequest): Promise<GuardSettings | null> {
    const channel = await this.requireChannel(area);
    await this.requireRelease(area, version);
    if (!Number.isInteger(percent) || percent < 0 || percent > 100) throw new PlatformError('灰度比例必须是 0 到 100 的整数');
    if (percent > 0 && version === channel.active_version) throw new PlatformError(`${version} 已是 ${area} 的在线版本，无需灰度`);
    const running = channel.canary_version === version ? parseGuard(channel.canary_guard) : null;
    let settings: GuardSettings | null = null;
    if (percent > 0 && guard) {
      const rule = { ...GUARD_DEFAULTS, ...guard };
      const problem = guardRuleProblem(rule);
      if (problem) throw new PlatformError(problem);
      settings = { windowMinutes: rule.windowMinutes, minVisitors: rule.minVisitors, thresholdPercent: rule.thresholdPercent, since: running?.since ?? this.now().toISOString() };
    } else if (percent > 0 && guard === undefined) settings = running;
    if (!settings || channel.canary_version !== version) await this.watch.forget(area);
    await this.repo.updateChannel(
      area,
      percent === 0 ? { canary_version: null, canary_percent: 0, canary_guard: null } : { canary_version: version, canary_percent: percent, canary_guard: settings ? JSON.stringify(settings) : null },
    );
    await this.repo.addEvent({ area, kind: 'canary', version, detail: JSON.stringify({ percent, ...(settings ? { guard: ruleOf(settings) } : {}) }), actor });
    return settings;
  }

  /**
   * Deletes an area's old releases, registry entry first and then files: all but the `keep` newest,
   * and never one the area serves (live, fallback, canary) or one with a preview link still valid.
   * `dryRun` only answers which it would delete. A page opened on a deleted version cannot fetch its
   * chunks not yet loaded until it reloads: a few recent releases are kept for that.
   */
  async prune(area: string, { keep = PRUNE_KEEP_DEFAULT, dryRun = false, actor = 'cli' }: { keep?: number; dryRun?: boolean; actor?: string } = {}): Promise<{ removed: string[]; kept: number }> {
    const channel = await this.requireChannel(area);
    if (!Number.isInteger(keep) || keep < 1 || keep > PRUNE_KEEP_MAX) throw new PlatformError(`保留个数必须是 1 到 ${PRUNE_KEEP_MAX} 的整数`);
    const releases = await this.repo.releases(area);
    const previewedSince = new Date(this.now().getTime() - PREVIEW_HOURS_MAX * 3600_000).toISOString();
    const now = this.now().toISOString();
    const previewed = (await this.repo.eventsSince(area, 'preview', previewedSince)).filter((e) => String(parseDetail(e).expiresAt) > now).map((e) => e.version);
    const inUse = new Set([channel.active_version, channel.previous_version, channel.canary_version, ...previewed]);
    const candidates = releases.slice(keep).filter((r) => !inUse.has(r.version)).map((r) => r.version);
    if (dryRun) return { removed: candidates, kept: releases.length - candidates.length };
    const removed: string[] = [];
    try {
      for (const version of candidates) {
        // Checked again at the delete: a version made live since the list was read stays.
        if (!(await this.repo.deleteReleaseUnlessServed(area, version))) continue;
        removed.push(version);
        this.fileLists.delete(`${area}@${version}`);
        await this.store.remove(area, version);
      }
    } finally {
      // Also when the store fails part way: what left the registry is in the history.
      if (removed.length) await this.repo.addEvent({ area, kind: 'prune', version: null, detail: JSON.stringify({ removed, keep }), actor });
    }
    return { removed, kept: releases.length - removed.length };
  }

  /** The running guard's figures now (`pnpm ops remotes list` shows them); null without a guarded canary. */
  async guardVerdict(area: string): Promise<GuardVerdict | null> {
    return this.watch.verdict(await this.requireChannel(area));
  }

  /**
   * The files of a published release a page load fetches (`bootFilesOf`: the service worker caches
   * them ahead). A release's files are never rewritten once it is in the registry (`publish` refuses
   * other content for a published version and only adds missing siblings), so each list is read once.
   */
  async releaseFiles(area: string, version: string): Promise<string[]> {
    const key = `${area}@${version}`;
    const known = this.fileLists.get(key);
    if (known) return known;
    await this.requireRelease(area, version);
    const plan = await readReleasePlan(this.store, area, version);
    if (!plan) throw new PlatformError(`${area} ${version} 的文件不在发布存储里`);
    const files = bootFilesOf(plan);
    if (this.fileLists.size >= FILE_LIST_CACHE_SIZE) this.fileLists.delete(this.fileLists.keys().next().value!);
    this.fileLists.set(key, files);
    return files;
  }

  async history(area: string, limit = 30): Promise<RemoteEvent[]> {
    await this.requireChannel(area);
    return this.repo.events(area, limit);
  }

  /** The origins of releases published with an absolute entry URL (the product's own are relative): the CSP lets them load. */
  async remoteOrigins(): Promise<string[]> {
    const origins = new Set<string>();
    for (const release of await this.repo.releases()) {
      if (/^https?:\/\//i.test(release.entry_url)) origins.add(new URL(release.entry_url).origin);
    }
    return [...origins];
  }

  async summary(): Promise<AreaSummary[]> {
    const [channels, releases] = await Promise.all([this.repo.channels(), this.repo.releases()]);
    return channels.map((c) => ({
      area: c.area,
      active: c.active_version,
      previous: c.previous_version,
      canary: c.canary_version ? { version: c.canary_version, percent: c.canary_percent, guard: parseGuard(c.canary_guard) } : null,
      releases: releases.filter((r: Release) => r.area === c.area).map((r) => r.version),
    }));
  }

  /**
   * A browser's report that a remote failed to load or mount; kept in the area's history, with the
   * reporter's cohort (the guard counts a canary failure only from a caller in the canary cohort, an
   * active one only from a caller outside it) and hashed key (it counts visitors, not reports).
   */
  async recordFailure(report: RemoteFailureReport, callerKey: string): Promise<void> {
    const channel = await this.repo.channel(report.area);
    if (!channel) throw new PlatformError(`未知区域：${report.area}`);
    const cohort = this.cohortOf(channel, callerKey);
    const counted: ReportCohort =
      cohort === 'canary' && report.version === channel.canary_version ? 'canary' : cohort === 'active' && report.version === channel.active_version ? 'active' : null;
    await this.repo.addEvent({
      area: report.area,
      kind: 'error',
      version: report.version,
      detail: JSON.stringify({ stage: report.stage, message: report.message, entry: report.entry ?? null, cohort: counted, visitor: visitorHash(callerKey) }),
    });
    await this.repo.pruneEvents(report.area, 'error', MAX_ERROR_EVENTS_PER_AREA);
    if (counted === 'canary' && channel.canary_guard) await this.watch.endIfFailing(channel);
  }

  private async requireArea(area: string): Promise<AreaDefinition> {
    const definition = this.areas.find((a) => a.area === area);
    if (!definition) throw new PlatformError(`未知区域：${area}（可选：${this.areas.map((a) => a.area).join('、')}）`);
    return definition;
  }

  private async requireChannel(area: string): Promise<Channel> {
    await this.requireArea(area);
    const channel = await this.repo.channel(area);
    if (!channel) throw new PlatformError(`区域 ${area} 尚未初始化`);
    return channel;
  }

  private async requireRelease(area: string, version: string): Promise<Release> {
    const release = await this.repo.release(area, version);
    if (!release) throw new PlatformError(`${area} 没有已发布的版本 ${version}（先用 publish 或 push 发布）`);
    return release;
  }
}

/** A published release has this content: all its files when it was published with their hash, else its remoteEntry.js. */
function sameContent(release: Release, integrity: string, contentHash: string): boolean {
  return release.content_hash ? release.content_hash === contentHash : release.integrity === integrity;
}

const ruleOf = ({ windowMinutes, minVisitors, thresholdPercent }: GuardSettings): GuardRule => ({ windowMinutes, minVisitors, thresholdPercent });

function readJson(file: string): unknown {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}
