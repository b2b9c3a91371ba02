import { randomBytes, randomUUID } from 'node:crypto';
import { MIRROR_KEYS_PER_USER, type MirrorAuthKey, type MirrorCar, type MirrorHandOff, type MirrorOverview, type MirrorQuota, type MirrorSite } from '@qiming/contracts';
import { businessDay } from '../../chinaTime.js';
import type { Clock } from '../../clock.js';
import { sessionExpired } from '../../http/requestUser.js';
import type { Log } from '../../log.js';
import { entitlementsOf } from '../catalogue/pricing.js';
import { userPlanOf } from '../users/queries.js';
import { mirrorError } from './codes.js';
import type { MirrorConfig } from './config.js';
import { maskedSecret, sha256, type CredentialBox } from './credentials.js';
import { loginUrl, registerShareToken } from './provider.js';
import type { CarRow, MirrorRepository, SessionRow, SiteRow, UserKeyRow } from './repository.js';
import { quotaOf } from './quota.js';

export const HANDOFF_PATH = '/app-api/mirror/go/';

export interface MirrorServiceDeps {
  repo: MirrorRepository;
  box: CredentialBox;
  config: MirrorConfig;
  now: Clock;
  log: Log;
  /** Invited users who registered and used the product (the invites module's rewarded invites). */
  invitedUsers(userId: string): Promise<number>;
  /** The provider calls' fetch (tests point it nowhere else; the global fetch by default). */
  fetch?: typeof fetch;
}

/** An entry handed to the browser: what the page gets, and the key of the cookie that binds it to this browser. */
export interface Entry {
  handOff: MirrorHandOff;
  handoffId: string;
  browserKey: string;
}

function siteView(row: SiteRow): MirrorSite {
  return { id: row.id, name: row.name, origin: row.origin, sessionMinutes: row.session_minutes };
}

function keyView(row: UserKeyRow): MirrorAuthKey {
  return { id: row.id, siteId: row.site_id, name: row.name, maskedKey: row.masked, createdAt: row.created_at, updatedAt: row.updated_at };
}

/**
 * The mirror site: the operator's upstream accounts ("cars") shared through time-limited share
 * tokens, counted per business day, and the users' own keys. Tokens and credentials never leave
 * this class unencrypted except towards the provider and in the one-time redirect.
 */
export class MirrorService {
  constructor(private readonly deps: MirrorServiceDeps) {}

  private get repo() {
    return this.deps.repo;
  }

  private async tierOf(userId: string): Promise<number> {
    const user = await userPlanOf(this.repo.db, userId);
    if (!user) throw sessionExpired();
    return entitlementsOf(user, this.deps.now()).subscriptionTier;
  }

  async quota(userId: string): Promise<MirrorQuota> {
    const day = businessDay(this.deps.now());
    const [tier, invited, used] = await Promise.all([this.tierOf(userId), this.deps.invitedUsers(userId), this.repo.usedOn(userId, day)]);
    return quotaOf(this.deps.config, { day, tier, invited, used });
  }

  async overview(userId: string | null): Promise<MirrorOverview> {
    const now = this.deps.now().toISOString();
    const [sites, cars, loads, quota] = await Promise.all([this.repo.sites(), this.repo.cars(), this.repo.loads(now), userId ? this.quota(userId) : null]);
    const tier = quota?.tier ?? null;
    return {
      sites: sites.map(siteView),
      cars: cars.map((car): MirrorCar => {
        const inUse = loads.get(car.id) ?? 0;
        const status = car.status !== 'active' ? 'disabled' : inUse >= car.capacity ? 'full' : 'available';
        return { id: car.id, siteId: car.site_id, name: car.name, inUse, capacity: car.capacity, tier: car.tier, status, locked: tier !== null && tier < car.tier };
      }),
      quota,
    };
  }

  /** getShareToken: an entry on one of the operator's accounts; takes a use of the day and a seat. */
  async enterCar(userId: string, carId: string): Promise<Entry> {
    const car = await this.repo.car(carId);
    if (!car) throw mirrorError('carMissing');
    const site = await this.repo.site(car.site_id);
    if (!site) throw mirrorError('carMissing');
    const quota = await this.quota(userId);
    if (quota.tier < car.tier) throw mirrorError('tierTooLow');

    const at = this.deps.now();
    const session = this.newSession(userId, site, { car_id: car.id, key_id: null, counted: 1, day: quota.day }, at);
    const reservation = await this.repo.reserve({
      session,
      limit: quota.limit,
      now: at.toISOString(),
      staleBefore: new Date(at.getTime() - 2 * this.deps.config.providerTimeoutMs).toISOString(),
    });
    switch (reservation.kind) {
      case 'reuse':
        return this.handOff(reservation.session, false);
      case 'reserved':
        await this.register(session, site, this.deps.box.open(car.credential), { carId: car.id });
        return this.handOff(session, true);
      default:
        throw mirrorError(reservation.kind);
    }
  }

  /** getFkToken: an entry with the user's own key (their own account: no use counted, no seat). */
  async enterWithKey(userId: string, keyId: string): Promise<Entry> {
    const key = await this.repo.key(userId, keyId);
    if (!key) throw mirrorError('keyMissing');
    const site = await this.repo.site(key.site_id);
    if (!site) throw mirrorError('siteMissing');
    const at = this.deps.now();
    const session = this.newSession(userId, site, { car_id: null, key_id: key.id, counted: 0, day: businessDay(at) }, at);
    await this.repo.insertSession(session);
    await this.register(session, site, this.deps.box.open(key.key), { keyId: key.id });
    return this.handOff(session, false);
  }

  private newSession(userId: string, site: SiteRow, fields: Pick<SessionRow, 'car_id' | 'key_id' | 'counted' | 'day'>, at: Date): SessionRow {
    return {
      id: randomUUID(),
      user_id: userId,
      site_id: site.id,
      ...fields,
      status: 'pending',
      token: null,
      expires_at: new Date(at.getTime() + site.session_minutes * 60_000).toISOString(),
      created_at: at.toISOString(),
    };
  }

  /** Asks the provider for the share token; on any failure the entry is deleted (use and seat given back) and the user told why. */
  private async register(session: SessionRow, site: SiteRow, accessToken: string, about: { carId?: string; keyId?: string }): Promise<void> {
    let token: string;
    try {
      token = await registerShareToken({
        registerUrl: site.register_url,
        origin: site.origin,
        accessToken,
        uniqueName: `qm-${sha256(`${site.id}:${session.user_id}`).slice(0, 20)}`,
        expiresInSeconds: site.session_minutes * 60,
        timeoutMs: this.deps.config.providerTimeoutMs,
        fetch: this.deps.fetch,
      });
    } catch (error) {
      await this.repo.dropSession(session.id);
      // The error's text never carries the token or the credential (provider.ts removes them).
      this.deps.log.warn({ siteId: site.id, ...about }, `mirror entry failed: ${(error as Error).message}`);
      throw mirrorError('providerFailed');
    }
    await this.repo.activate(session.id, this.deps.box.seal(token));
    session.status = 'active';
  }

  private async handOff(session: SessionRow, counted: boolean): Promise<Entry> {
    const handoffId = randomBytes(24).toString('base64url');
    const browserKey = randomBytes(24).toString('base64url');
    const seconds = this.deps.config.handoffSeconds;
    const expires = new Date(Math.min(this.deps.now().getTime() + seconds * 1000, Date.parse(session.expires_at)));
    await this.repo.sweepHandoffs(this.deps.now().toISOString());
    await this.repo.insertHandoff({ id: handoffId, session_id: session.id, user_id: session.user_id, browser_hash: sha256(browserKey), expires_at: expires.toISOString() });
    return { handoffId, browserKey, handOff: { goUrl: `${HANDOFF_PATH}${handoffId}`, expiresInSeconds: seconds, sessionEndsAt: session.expires_at, counted } };
  }

  /** The one-time redirect: the mirror's login URL with the token, or null (used, expired, another browser). */
  async open(handoffId: string, browserKey: string | undefined): Promise<string | null> {
    if (!browserKey) return null;
    const now = this.deps.now().toISOString();
    const sessionId = await this.repo.claimHandoff(handoffId, sha256(browserKey), now);
    const session = sessionId ? await this.repo.session(sessionId) : undefined;
    if (!session?.token || session.expires_at <= now) return null;
    const site = await this.repo.site(session.site_id);
    return site ? loginUrl(site.origin, this.deps.box.open(session.token)) : null;
  }

  async keys(userId: string): Promise<MirrorAuthKey[]> {
    return (await this.repo.keys(userId)).map(keyView);
  }

  async key(userId: string, id: string): Promise<MirrorAuthKey> {
    const row = await this.repo.key(userId, id);
    if (!row) throw mirrorError('keyMissing');
    return keyView(row);
  }

  async addKey(userId: string, input: { siteId: string; name: string; key: string }): Promise<MirrorAuthKey> {
    if (!(await this.repo.site(input.siteId))) throw mirrorError('siteMissing');
    if ((await this.repo.countKeys(userId)) >= MIRROR_KEYS_PER_USER) throw mirrorError('keyLimit');
    const at = this.deps.now().toISOString();
    const row: UserKeyRow = { id: randomUUID(), user_id: userId, site_id: input.siteId, name: input.name, key: this.deps.box.seal(input.key), masked: maskedSecret(input.key), created_at: at, updated_at: at };
    await this.repo.insertKey(row);
    return keyView(row);
  }

  async updateKey(userId: string, id: string, change: { name?: string; key?: string }): Promise<MirrorAuthKey> {
    if (!(await this.repo.key(userId, id))) throw mirrorError('keyMissing');
    await this.repo.updateKey(userId, id, {
      ...(change.name !== undefined && { name: change.name }),
      ...(change.key !== undefined && { key: this.deps.box.seal(change.key), masked: maskedSecret(change.key) }),
      updated_at: this.deps.now().toISOString(),
    });
    return this.key(userId, id);
  }

  async deleteKey(userId: string, id: string): Promise<void> {
    if (!(await this.repo.deleteKey(userId, id))) throw mirrorError('keyMissing');
  }
}

export type { CarRow };
