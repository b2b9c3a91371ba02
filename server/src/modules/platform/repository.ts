import type { Kysely, Selectable } from 'kysely';
import type { Database, RemoteChannelTable, RemoteEventTable, RemoteReleaseTable } from '../../db/schema.js';

export type Release = Selectable<RemoteReleaseTable>;
export type Channel = Selectable<RemoteChannelTable>;
export type RemoteEvent = Selectable<RemoteEventTable>;

const now = () => new Date().toISOString();

/** SQL of the remote registry; the same queries on SQLite and PostgreSQL. */
export class PlatformRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Creates the area's channel, or brings an existing one's container and routes up to the
   * platform's definition (areas.json is their only source: a release adding a route reaches
   * databases made before it). Versions and canary are left as they are.
   */
  async ensureChannel(area: string, container: string, routes: string[]): Promise<void> {
    const existing = await this.db.selectFrom('remote_channels').select(['container', 'routes']).where('area', '=', area).executeTakeFirst();
    if (existing) {
      if (existing.container !== container || existing.routes !== JSON.stringify(routes)) {
        await this.db.updateTable('remote_channels').set({ container, routes: JSON.stringify(routes), updated_at: now() }).where('area', '=', area).execute();
      }
      return;
    }
    await this.db
      .insertInto('remote_channels')
      .values({ area, container, active_version: null, previous_version: null, canary_version: null, canary_percent: 0, canary_guard: null, routes: JSON.stringify(routes), updated_at: now() })
      .execute();
  }

  channels(): Promise<Channel[]> {
    return this.db.selectFrom('remote_channels').selectAll().orderBy('area').execute();
  }

  channel(area: string): Promise<Channel | undefined> {
    return this.db.selectFrom('remote_channels').selectAll().where('area', '=', area).executeTakeFirst();
  }

  async updateChannel(area: string, change: Partial<Pick<Channel, 'active_version' | 'previous_version' | 'canary_version' | 'canary_percent' | 'canary_guard'>>): Promise<void> {
    await this.db.updateTable('remote_channels').set({ ...change, updated_at: now() }).where('area', '=', area).execute();
  }

  /** Ends the area's canary if it still serves `version`; false when another instance or ops changed it first. */
  async endCanaryIf(area: string, version: string): Promise<boolean> {
    const result = await this.db
      .updateTable('remote_channels')
      .set({ canary_version: null, canary_percent: 0, canary_guard: null, updated_at: now() })
      .where('area', '=', area)
      .where('canary_version', '=', version)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async storeExposure(area: string, version: string, visitor: string, at: string): Promise<void> {
    await this.db
      .insertInto('remote_exposures')
      .values({ area, version, visitor, seen_at: at })
      .onConflict((c) => c.columns(['area', 'version', 'visitor']).doUpdateSet({ seen_at: at }))
      .execute();
  }

  /** Visitors served `version` of `area` since `since` (ISO). */
  async servedVisitors(area: string, version: string, since: string): Promise<number> {
    const row = await this.db
      .selectFrom('remote_exposures')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('area', '=', area)
      .where('version', '=', version)
      .where('seen_at', '>=', since)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async clearExposures(area: string): Promise<void> {
    await this.db.deleteFrom('remote_exposures').where('area', '=', area).execute();
  }

  /** Browser failure reports of `version` of `area` since `since` (ISO), newest first. */
  failureReports(area: string, version: string, since: string): Promise<RemoteEvent[]> {
    return this.db
      .selectFrom('remote_events')
      .selectAll()
      .where('area', '=', area)
      .where('kind', '=', 'error')
      .where('version', '=', version)
      .where('created_at', '>=', since)
      .orderBy('id', 'desc')
      .execute();
  }

  releases(area?: string): Promise<Release[]> {
    let query = this.db.selectFrom('remote_releases').selectAll();
    if (area) query = query.where('area', '=', area);
    return query.orderBy('created_at', 'desc').execute();
  }

  release(area: string, version: string): Promise<Release | undefined> {
    return this.db.selectFrom('remote_releases').selectAll().where('area', '=', area).where('version', '=', version).executeTakeFirst();
  }

  async insertRelease(release: Omit<Release, 'created_at'>): Promise<void> {
    await this.db.insertInto('remote_releases').values({ ...release, created_at: now() }).execute();
  }

  /**
   * Deletes a release from the registry unless its area serves it (live, fallback or canary) at the
   * moment of the delete; answers whether it did.
   */
  async deleteReleaseUnlessServed(area: string, version: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('remote_releases')
      .where('area', '=', area)
      .where('version', '=', version)
      .where(({ exists, not, selectFrom }) =>
        not(
          exists(
            selectFrom('remote_channels')
              .select('remote_channels.area')
              .where('remote_channels.area', '=', area)
              .where((eb) => eb.or([eb('active_version', '=', version), eb('previous_version', '=', version), eb('canary_version', '=', version)])),
          ),
        ),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Events of one kind for an area since `since` (ISO), newest first. */
  eventsSince(area: string, kind: RemoteEvent['kind'], since: string): Promise<RemoteEvent[]> {
    return this.db.selectFrom('remote_events').selectAll().where('area', '=', area).where('kind', '=', kind).where('created_at', '>=', since).orderBy('id', 'desc').execute();
  }

  async addEvent(event: Pick<RemoteEvent, 'area' | 'kind' | 'version' | 'detail'> & { actor?: string }): Promise<void> {
    await this.db.insertInto('remote_events').values({ ...event, created_at: now() }).execute();
  }

  /** Deletes all but the newest `keep` events of one kind for an area. */
  async pruneEvents(area: string, kind: RemoteEvent['kind'], keep: number): Promise<void> {
    const cutoff = await this.db
      .selectFrom('remote_events')
      .select('id')
      .where('area', '=', area)
      .where('kind', '=', kind)
      .orderBy('id', 'desc')
      .offset(keep - 1)
      .limit(1)
      .executeTakeFirst();
    if (!cutoff) return;
    await this.db.deleteFrom('remote_events').where('area', '=', area).where('kind', '=', kind).where('id', '<', cutoff.id).execute();
  }

  events(area: string, limit: number): Promise<RemoteEvent[]> {
    return this.db.selectFrom('remote_events').selectAll().where('area', '=', area).orderBy('id', 'desc').limit(limit).execute();
  }

  /** Versions activated for an area, newest first (rollback walks this list). */
  async activationHistory(area: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('remote_events')
      .select('version')
      .where('area', '=', area)
      .where('kind', 'in', ['activate', 'rollback'])
      .orderBy('id', 'desc')
      .execute();
    return rows.flatMap((r) => (r.version ? [r.version] : []));
  }
}

/** An event's detail JSON; {} when it is not an object (events are never refused for it). */
export function parseDetail(event: RemoteEvent): Record<string, unknown> {
  try {
    return JSON.parse(event.detail) as Record<string, unknown>;
  } catch {
    return {};
  }
}
