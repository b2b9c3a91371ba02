import type { SocialProviderConfig } from '../../../config.js';

export interface SocialProfile {
  subject: string;
  username: string | null;
}

const TIMEOUT_MS = 10_000;
const HEADERS = { accept: 'application/json', 'user-agent': 'qiming-ai' };

export class OAuthError extends Error {}

/** The provider's sign-in page for this login attempt. */
export function authorizeUrl(provider: SocialProviderConfig, redirectUri: string, state: string): string {
  const url = new URL(provider.authorizeUrl);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', provider.clientId);
  url.searchParams.set('redirect_uri', redirectUri);
  if (provider.scope) url.searchParams.set('scope', provider.scope);
  url.searchParams.set('state', state);
  return url.toString();
}

/** The authorization-code grant (RFC 6749 §4.1.3); resolves the access token. */
export async function exchangeCode(provider: SocialProviderConfig, code: string, redirectUri: string): Promise<string> {
  const response = await fetch(provider.tokenUrl, {
    method: 'POST',
    headers: { ...HEADERS, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, client_id: provider.clientId, client_secret: provider.clientSecret }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const answer = (await readJson(response, 'token')) as { access_token?: unknown; error?: unknown };
  // GitHub answers 200 with { error } for a bad code.
  if (typeof answer.access_token !== 'string' || !answer.access_token) throw new OAuthError(`token endpoint: ${String(answer.error ?? 'no access_token')}`);
  return answer.access_token;
}

/** The user's id (and login name) from the userinfo endpoint, read with the fields the provider is configured with. */
export async function fetchProfile(provider: SocialProviderConfig, accessToken: string): Promise<SocialProfile> {
  const response = await fetch(provider.userInfoUrl, { headers: { ...HEADERS, authorization: `Bearer ${accessToken}` }, signal: AbortSignal.timeout(TIMEOUT_MS) });
  const profile = (await readJson(response, 'userinfo')) as Record<string, unknown>;
  const subject = profile[provider.subjectField];
  if ((typeof subject !== 'string' || !subject) && typeof subject !== 'number') throw new OAuthError(`userinfo: no ${provider.subjectField}`);
  const username = profile[provider.usernameField];
  return { subject: String(subject), username: typeof username === 'string' ? username : null };
}

async function readJson(response: Response, what: string): Promise<unknown> {
  if (!response.ok) throw new OAuthError(`${what} endpoint answered HTTP ${response.status}`);
  try {
    const body: unknown = await response.json();
    if (!body || typeof body !== 'object') throw new Error('not an object');
    return body;
  } catch (error) {
    throw new OAuthError(`${what} endpoint answered no JSON object`, { cause: error });
  }
}
