import type { Kysely } from 'kysely';
import { systemClock, type Clock } from '../../clock.js';
import type { ServerConfig } from '../../config.js';
import type { Database } from '../../db/schema.js';
import type { ServerModule } from '../module.js';
import { ANNOUNCEMENTS_USAGE, runAnnouncementsCommand } from './opsCommands.js';
import { AnnouncementsRepository } from './repository.js';
import { announcementsRoutes } from './routes.js';
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
  await announcements.ensureApiLink(config.apiSiteUrl);
  return announcements;
}

export interface AnnouncementsDeps extends AnnouncementsOptions {
  db: Kysely<Database>;
  config: Pick<ServerConfig, 'site' | 'apiSiteUrl' | 'invites'>;
}

/** GET platform/announcements, and `pnpm ops announcements` (server/src/modules/announcements/README.md). */
export async function createAnnouncementsModule({ db, config, ...options }: AnnouncementsDeps): Promise<ServerModule<Announcements>> {
  const announcements = await createAnnouncements(db, config, options);
  return {
    service: announcements,
    routes: (app) => announcementsRoutes(app, { announcements }),
    opsCommands: { announcements: { usage: ANNOUNCEMENTS_USAGE, run: (argv, print) => runAnnouncementsCommand(announcements, argv, print) } },
  };
}

export { Announcements } from './service.js';
export { ANNOUNCEMENTS_USAGE } from './opsCommands.js';
