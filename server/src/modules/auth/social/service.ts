import { randomBytes } from 'node:crypto';
import type { LoginResult, SocialLoginRequest, SocialProvider } from '@qiming/contracts';
import type { SocialProviderConfig } from '../../../config.js';
import { AppError } from '../../../http/envelope.js';
import type { Log } from '../../../log.js';
import type { SharedState } from '../../../sharedState/index.js';
import type { User } from '../../users/repository.js';
import { DuplicateAccountError, type UsersService } from '../../users/service.js';
import { socialName } from '../../users/usernames.js';
import { AUTH_CODES } from '../codes.js';
import { takeOnce } from '../oneTimeState.js';
import type { SessionService } from '../sessions.js';
import { authorizeUrl, exchangeCode, fetchProfile, type SocialProfile } from './oauthClient.js';

const STATE_SECONDS = 600;
const stateKey = (state: string) => `social:state:${state}`;

interface StateRecord {
  provider: string;
  redirectUri: string;
}

function socialFailed(): AppError {
  return new AppError(AUTH_CODES.socialFailed, '第三方登录失败，请重试');
}

/**
 * OAuth2 / OIDC sign-in: authorize remembers a one-time state; the /social-login page brings back
 * code and state, which are exchanged for the provider's profile and so for one of our users.
 */
export class SocialLoginService {
  private readonly byId: Map<string, SocialProviderConfig>;

  constructor(
    providers: SocialProviderConfig[],
    private readonly state: SharedState,
    private readonly users: UsersService,
    private readonly sessions: SessionService,
    private readonly log: Log,
  ) {
    this.byId = new Map(providers.map((p) => [p.id, p]));
  }

  providers(): SocialProvider[] {
    return [...this.byId.values()].map(({ id, name }) => ({ id, name }));
  }

  async authorize(providerId: string, origin: string): Promise<string> {
    const provider = this.byId.get(providerId);
    if (!provider) throw socialFailed();
    const state = randomBytes(24).toString('base64url');
    const redirectUri = `${origin}/social-login?provider=${encodeURIComponent(provider.id)}`;
    await this.state.set(stateKey(state), JSON.stringify({ provider: provider.id, redirectUri } satisfies StateRecord), STATE_SECONDS);
    return authorizeUrl(provider, redirectUri, state);
  }

  async login(request: SocialLoginRequest): Promise<LoginResult> {
    const remembered = await takeOnce(this.state, stateKey(request.state), STATE_SECONDS);
    const record = remembered === null ? null : (JSON.parse(remembered) as StateRecord);
    const provider = this.byId.get(request.provider);
    if (!record || !provider || record.provider !== provider.id) throw socialFailed();
    let profile: SocialProfile;
    try {
      profile = await fetchProfile(provider, await exchangeCode(provider, request.code, record.redirectUri));
    } catch (error) {
      // Refused by the provider, unreachable or timed out: the user can only start again.
      this.log.warn({ err: error, provider: provider.id }, 'social login failed');
      throw socialFailed();
    }
    return this.sessions.start(await this.userFor(provider, profile.subject, profile.username));
  }

  /** Never linked to an existing account by e-mail address: a provider's address may be unverified. */
  private async userFor(provider: SocialProviderConfig, subject: string, username: string | null): Promise<User> {
    const existing = await this.users.bySocialIdentity(provider.id, subject);
    if (existing) return existing;
    try {
      return await this.users.create({ social: { provider: provider.id, subject }, username: socialName(username, provider.name), uniqueUsername: true });
    } catch (error) {
      const created = error instanceof DuplicateAccountError ? await this.users.bySocialIdentity(provider.id, subject) : undefined;
      if (created) return created;
      throw error;
    }
  }
}
