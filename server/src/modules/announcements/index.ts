import type { Kysely } from 'kysely';
import { systemClock, type Clock } from '../../clock.js';
import type { ServerConfig } from '../../config.js';
import type { Database } from '../../db/schema.js';
import { AnnouncementsRepository } from './repository.js';
import { Announcements } from './service.js';

export interface AnnouncementsOptions {
  /** Whether a model code exists in the catalogue (checked by `add --model`). */
  modelExists: (code: string) => boolean | Promise<boolean>;
  now?: Clock;
}

/** The announcements of this site, seeded in the edition's language when the database has none yet. */
export async function createAnnouncements(
  db: Kysely<Database>,
  config: Pick<ServerConfig, 'site' | 'apiSiteUrl' | 'invites'>,
  options: AnnouncementsOptions,
): Promise<Announcements> {
  const announcements = new Announcements(new AnnouncementsRepository(db), options.modelExists, options.now ?? systemClock);
  await announcements.ensureSeeded(config.site.edition, { apiSiteUrl: config.apiSiteUrl, inviteRewardPoints: config.invites.rewardPoints });
  return announcements;
}

export { Announcements } from './service.js';
export { AnnouncementInputError } from './errors.js';
export { announcementsRoutes, type AnnouncementsRouteOptions } from './routes.js';
export { ANNOUNCEMENTS_USAGE, runAnnouncementsCommand } from './opsCommands.js';
