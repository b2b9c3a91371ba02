import type { Generated } from 'kysely';

/** Users, their social identities and settings (module users; other modules reach the users table through users/queries.ts). Timestamps are ISO-8601 text so SQLite and PostgreSQL read alike. */
export interface UserTable {
  id: string;
  username: string;
  phone: string | null;
  email: string | null;
  password_hash: string | null;
  /** 8 characters of an unambiguous alphabet; what ?aff= carries. */
  invite_code: string;
  inviter_id: string | null;
  wechat_openid: string | null;
  /** Raised to end every session of the user at once (access tokens carry it as `ver`). */
  token_version: Generated<number>;
  user_level: Generated<number>;
  user_sign_expire_time: string | null;
  user_package2: Generated<number>;
  user_package_expire_time2: string | null;
  more_package_time: string | null;
  experience_package_expire_time: string | null;
  experience_user_level: number | null;
  /** The client IP of a phone / e-mail registration (invite same-IP check); NULL otherwise. */
  registration_ip: string | null;
  created_at: string;
  updated_at: string;
}

export interface SocialIdentityTable {
  provider: string;
  subject: string;
  user_id: string;
  created_at: string;
}

export interface UserSettingsTable {
  user_id: string;
  speech_model: string;
  voice: string;
  speed: number;
  updated_at: string;
}

export interface UsersTables {
  users: UserTable;
  social_identities: SocialIdentityTable;
  user_settings: UserSettingsTable;
}
