import { describeVerdict, judge, parseGuard, visitorHash, type GuardVerdict } from './canaryGuard.js';
import { parseDetail, type Channel, type PlatformRepository } from './repository.js';

/** Which cohort a browser's failure report counts for: the canary's, the active version's, or none (a fallback's, a preview's, a stale page's). */
export type ReportCohort = 'canary' | 'active' | null;

/** How long one instance remembers having stored a visitor's exposure, so a page load writes at most once a minute. */
const EXPOSURE_MEMORY_MS = 60_000;
const EXPOSURE_MEMORY_SIZE = 20_000;

/** Writes "this visitor was served this version" at most once a minute per instance. */
class ExposureLog {
  private readonly written = new Map<string, number>();

  constructor(
    private readonly store: (area: string, version: string, visitor: string, at: string) => Promise<void>,
    private readonly now: () => Date,
  ) {}

  async note(area: string, version: string, callerKey: string): Promise<void> {
    const visitor = visitorHash(callerKey);
    const key = `${area}|${version}|${visitor}`;
    const at = this.now();
    const last = this.written.get(key);
    if (last !== undefined && at.getTime() - last < EXPOSURE_MEMORY_MS) return;
    if (this.written.size >= EXPOSURE_MEMORY_SIZE) this.written.clear();
    this.written.set(key, at.getTime());
    await this.store(area, version, visitor, at.toISOString());
  }

  /** After a guard ends: a new guard must store its visitors again. */
  forget(area: string): void {
    for (const key of this.written.keys()) if (key.startsWith(`${area}|`)) this.written.delete(key);
  }
}

/**
 * The guarded canary at work (README "Guarded canary"): writes down who was served what while a
 * guard runs, judges a channel's canary from the database's figures (the same on every instance),
 * and ends a failing one once, saying why in the history.
 */
export class CanaryWatch {
  private readonly exposures: ExposureLog;

  constructor(
    private readonly repo: PlatformRepository,
    private readonly now: () => Date,
  ) {
    this.exposures = new ExposureLog((...row) => this.repo.storeExposure(...row), now);
  }

  served(area: string, version: string, callerKey: string): Promise<void> {
    return this.exposures.note(area, version, callerKey);
  }

  /** The guard's figures now; null when the channel's canary is not guarded. */
  async verdict(channel: Channel): Promise<GuardVerdict | null> {
    const settings = parseGuard(channel.canary_guard);
    if (!settings || !channel.canary_version) return null;
    const windowStart = new Date(this.now().getTime() - settings.windowMinutes * 60_000).toISOString();
    const since = windowStart > settings.since ? windowStart : settings.since;
    const health = async (version: string | null, cohort: ReportCohort) => {
      if (!version) return { served: 0, failed: 0 };
      const reports = await this.repo.failureReports(channel.area, version, since);
      const failed = new Set(reports.map(parseDetail).filter((d) => d.cohort === cohort && typeof d.visitor === 'string').map((d) => d.visitor));
      return { served: await this.repo.servedVisitors(channel.area, version, since), failed: failed.size };
    };
    const [canary, active] = await Promise.all([health(channel.canary_version, 'canary'), health(channel.active_version, 'active')]);
    return judge(settings, canary, active);
  }

  /** Ends the channel's canary when its verdict trips: once, whichever instance sees it first. */
  async endIfFailing(channel: Channel): Promise<void> {
    const verdict = await this.verdict(channel);
    if (!verdict?.trips || !channel.canary_version) return;
    if (!(await this.repo.endCanaryIf(channel.area, channel.canary_version))) return;
    await this.forget(channel.area);
    const reason = `自动回滚：${describeVerdict(verdict)}，超过阈值 ${parseGuard(channel.canary_guard)!.thresholdPercent} 个百分点`;
    await this.repo.addEvent({
      area: channel.area,
      kind: 'rollback',
      version: channel.active_version,
      detail: JSON.stringify({ from: channel.canary_version, auto: true, reason, canary: verdict.canary, active: verdict.active }),
      actor: 'guard',
    });
  }

  /** After a guard ends: its visitors are deleted, and a new guard stores its own again. */
  async forget(area: string): Promise<void> {
    this.exposures.forget(area);
    await this.repo.clearExposures(area);
  }
}
