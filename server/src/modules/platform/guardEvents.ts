import type { GuardEvent } from '@qiming/contracts';
import type { Log } from '../../log.js';
import type { SharedState } from '../../sharedState/index.js';
import type { GuardEventRow, GuardEventsRepository } from './guardEventsRepository.js';

/** Reports are unauthenticated: only the newest ones are kept, like the remote error reports. */
export const MAX_GUARD_EVENTS = 5000;
/** Stored reports per client IP and hour; more are answered but dropped. */
export const GUARD_EVENTS_PER_IP_HOUR = 20;
export const GUARD_USER_AGENT_MAX_CHARS = 300;

export interface GuardEventLimits {
  keep: number;
  perIpHour: number;
}

export interface GuardEventSource {
  userId: string | null;
  ip: string;
  userAgent: string;
}

/**
 * What the host's guards report (developer tools opened, the Alook browser refused): kept for the
 * operator (`pnpm ops guards list`) and logged as a warning. The browser has blanked the page
 * already and can do nothing about a refusal, so over the limit a report is dropped silently.
 */
export class GuardEvents {
  constructor(
    private readonly repo: GuardEventsRepository,
    private readonly sharedState: SharedState,
    private readonly log: Log,
    private readonly limits: GuardEventLimits = { keep: MAX_GUARD_EVENTS, perIpHour: GUARD_EVENTS_PER_IP_HOUR },
  ) {}

  /** True when stored, false when the IP is over its hourly limit. */
  async record(event: GuardEvent, source: GuardEventSource): Promise<boolean> {
    const reports = await this.sharedState.increment(`guard-events:${source.ip}`, 3600);
    if (reports > this.limits.perIpHour) return false;
    await this.repo.insert({
      kind: event.kind,
      path: event.path,
      user_id: source.userId,
      ip: source.ip,
      user_agent: source.userAgent.slice(0, GUARD_USER_AGENT_MAX_CHARS),
      created_at: new Date().toISOString(),
    });
    await this.repo.trim(this.limits.keep);
    this.log.warn(`[guard] ${event.kind} on ${event.path} from ${source.ip}${source.userId ? ` (user ${source.userId})` : ''}`);
    return true;
  }

  newest(limit: number): Promise<GuardEventRow[]> {
    return this.repo.newest(limit);
  }
}
