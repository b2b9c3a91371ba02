import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, UserSettingsTable, UserTable } from '../../db/schema.js';
import { countInvitees } from './queries.js';

export type User = Selectable<UserTable>;
export type NewUserRow = Insertable<UserTable>;
export type UserSettingsRow = Selectable<UserSettingsTable>;
export type SettingsValues = Pick<UserSettingsRow, 'speech_model' | 'voice' | 'speed'>;

const now = () => new Date().toISOString();

/** SQL of users, their social identities and settings; the same queries on SQLite and PostgreSQL. */
export class UsersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  byId(id: string): Promise<User | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  byPhone(phone: string): Promise<User | undefined> {
    return this.db.selectFrom('users').selectAll().where('phone', '=', phone).executeTakeFirst();
  }

  byEmail(email: string): Promise<User | undefined> {
    return this.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
  }

  byWechatOpenid(openid: string): Promise<User | undefined> {
    return this.db.selectFrom('users').selectAll().where('wechat_openid', '=', openid).executeTakeFirst();
  }

  byInviteCode(code: string): Promise<User | undefined> {
    return this.db.selectFrom('users').selectAll().where('invite_code', '=', code).executeTakeFirst();
  }

  bySocialIdentity(provider: string, subject: string): Promise<User | undefined> {
    return this.db
      .selectFrom('social_identities')
      .innerJoin('users', 'users.id', 'social_identities.user_id')
      .selectAll('users')
      .where('social_identities.provider', '=', provider)
      .where('social_identities.subject', '=', subject)
      .executeTakeFirst();
  }

  async inviteCodeTaken(code: string): Promise<boolean> {
    return !!(await this.db.selectFrom('users').select('id').where('invite_code', '=', code).executeTakeFirst());
  }

  async usernameTaken(username: string): Promise<boolean> {
    return !!(await this.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirst());
  }

  /** The user, their default settings and (for a social sign-up) the identity, in one transaction. */
  async insert(user: NewUserRow, social?: { provider: string; subject: string }): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('users').values(user).execute();
      await trx.insertInto('user_settings').values({ user_id: user.id, speech_model: 'tts-1', voice: 'onyx', speed: 1, updated_at: user.created_at }).execute();
      if (social) await trx.insertInto('social_identities').values({ ...social, user_id: user.id, created_at: user.created_at }).execute();
    });
  }

  async setPasswordHash(id: string, passwordHash: string): Promise<void> {
    await this.db.updateTable('users').set({ password_hash: passwordHash, updated_at: now() }).where('id', '=', id).execute();
  }

  countInvitees(id: string): Promise<number> {
    return countInvitees(this.db, id);
  }

  settings(userId: string): Promise<UserSettingsRow | undefined> {
    return this.db.selectFrom('user_settings').selectAll().where('user_id', '=', userId).executeTakeFirst();
  }

  async updateSettings(userId: string, values: SettingsValues): Promise<void> {
    await this.db.updateTable('user_settings').set({ ...values, updated_at: now() }).where('user_id', '=', userId).execute();
  }

  /** Puts the default voice back where the user's read-aloud voice was `voice` (a deleted cloned voice). */
  async replaceVoice(userId: string, voice: string, replacement: string): Promise<void> {
    await this.db.updateTable('user_settings').set({ voice: replacement, updated_at: now() }).where('user_id', '=', userId).where('voice', '=', voice).execute();
  }
}
