import { randomUUID } from 'node:crypto';
import type { UserInfo, UserSetting } from '@qiming/contracts';
import { isUniqueViolation } from '../../db/uniqueViolation.js';
import { canonicalInviteCode, randomInviteCode } from './inviteCode.js';
import type { PointsReader } from './points.js';
import type { NewUserRow, User, UsersRepository } from './repository.js';
import { randomDigits } from './usernames.js';

export const SPEECH_MODELS = ['tts-1', 'tts-1-hd'] as const;
export const VOICES = ['alloy', 'echo', 'fable', 'onyx', 'nova', 'shimmer'] as const;
export const SPEED_RANGE = { min: 0.25, max: 4 } as const;

/** User info of spec platform §3, as the contract defines it. */
export type UserInfoView = UserInfo;

/** The phone, e-mail, WeChat identity or social identity is already someone's. */
export class DuplicateAccountError extends Error {}

export interface NewAccount {
  username: string;
  /** Give the name a numeric suffix when another user has it (masked phones are left alike). */
  uniqueUsername: boolean;
  phone?: string;
  email?: string;
  passwordHash?: string | null;
  wechatOpenid?: string;
  social?: { provider: string; subject: string };
  /** The inviter's invite code (?aff=); an unknown code is ignored. */
  aff?: string;
  /** The client IP of a phone / e-mail registration (invite same-IP check). */
  registrationIp?: string;
}

export type LoginIdentifier = { kind: 'phone'; phone: string } | { kind: 'email'; email: string };

const ms = (iso: string | null) => (iso === null ? null : Date.parse(iso));

export class UsersService {
  constructor(
    private readonly repo: UsersRepository,
    private readonly points: Pick<PointsReader, 'hasSignedInToday'>,
  ) {}

  byId(id: string): Promise<User | undefined> {
    return this.repo.byId(id);
  }

  byLogin(identifier: LoginIdentifier): Promise<User | undefined> {
    return identifier.kind === 'phone' ? this.repo.byPhone(identifier.phone) : this.repo.byEmail(identifier.email);
  }

  byWechatOpenid(openid: string): Promise<User | undefined> {
    return this.repo.byWechatOpenid(openid);
  }

  bySocialIdentity(provider: string, subject: string): Promise<User | undefined> {
    return this.repo.bySocialIdentity(provider, subject);
  }

  /** Creates a user with a fresh invite code and default settings; DuplicateAccountError when an identifier is taken. */
  async create(account: NewAccount): Promise<User> {
    const createdAt = new Date().toISOString();
    const inviter = account.aff ? await this.inviterFor(account.aff) : undefined;
    const row: NewUserRow = {
      id: randomUUID(),
      username: account.uniqueUsername ? await this.freeUsername(account.username) : account.username,
      phone: account.phone ?? null,
      email: account.email ?? null,
      password_hash: account.passwordHash ?? null,
      invite_code: await this.freeInviteCode(),
      inviter_id: inviter?.id ?? null,
      wechat_openid: account.wechatOpenid ?? null,
      registration_ip: account.registrationIp ?? null,
      created_at: createdAt,
      updated_at: createdAt,
    };
    try {
      await this.repo.insert(row, account.social);
    } catch (error) {
      // Invite codes were checked just before; a clash here is a concurrent sign-up with the same identifier.
      if (isUniqueViolation(error)) throw new DuplicateAccountError('account exists', { cause: error });
      throw error;
    }
    return (await this.repo.byId(row.id))!;
  }

  setPasswordHash(userId: string, passwordHash: string): Promise<void> {
    return this.repo.setPasswordHash(userId, passwordHash);
  }

  async userInfo(userId: string): Promise<UserInfoView | null> {
    const user = await this.repo.byId(userId);
    if (!user) return null;
    const [inviterUsers, hasSignIn] = await Promise.all([this.repo.countInvitees(user.id), this.points.hasSignedInToday(user.id)]);
    const hasExperience = user.experience_package_expire_time !== null || user.experience_user_level !== null;
    return {
      username: user.username,
      inviteCode: user.invite_code,
      hasSignIn,
      inviterUsers,
      // Invite income in yuan; nothing pays invite income yet.
      totalAmount: 0,
      userLevel: user.user_level,
      userSignExpireTime: ms(user.user_sign_expire_time),
      userPackage2: user.user_package2,
      userPackageExpireTime2: ms(user.user_package_expire_time2),
      morePackageTime: ms(user.more_package_time),
      experiencePackageVO: hasExperience
        ? { experiencePackageExpireTime: ms(user.experience_package_expire_time), experienceUserLevel: user.experience_user_level ?? 0 }
        : null,
    };
  }

  async settings(userId: string): Promise<UserSetting> {
    const row = await this.repo.settings(userId);
    if (!row) throw new Error(`user ${userId} has no settings row`);
    return { speechModel: row.speech_model, voice: row.voice, speed: row.speed };
  }

  async updateSettings(userId: string, setting: UserSetting): Promise<void> {
    await this.repo.updateSettings(userId, { speech_model: setting.speechModel, voice: setting.voice, speed: setting.speed });
  }

  /** A cloned voice was deleted: a read-aloud setting naming it goes back to the default voice. */
  async forgetVoice(userId: string, voice: string): Promise<void> {
    await this.repo.replaceVoice(userId, voice, 'onyx');
  }

  private async inviterFor(aff: string): Promise<User | undefined> {
    const code = canonicalInviteCode(aff);
    return code ? this.repo.byInviteCode(code) : undefined;
  }

  private async freeInviteCode(): Promise<string> {
    // 31^8 ≈ 8.5e11 codes: a second try is already rare.
    for (let attempt = 0; attempt < 10; attempt++) {
      const code = randomInviteCode();
      if (!(await this.repo.inviteCodeTaken(code))) return code;
    }
    throw new Error('no free invite code after 10 attempts');
  }

  private async freeUsername(base: string): Promise<string> {
    if (!(await this.repo.usernameTaken(base))) return base;
    for (let attempt = 0; attempt < 5; attempt++) {
      const candidate = `${base}${randomDigits(4)}`;
      if (!(await this.repo.usernameTaken(candidate))) return candidate;
    }
    return `${base}${randomDigits(8)}`;
  }
}
