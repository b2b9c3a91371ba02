import type { SocialProviderConfig } from '../../../config.js';
import { callOutbound, jsonObjectOf, requireOk, type OutboundRequest } from '../../../http/outbound.js';

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
  const answer = (await callJson({
    url: provider.tokenUrl,
    method: 'POST',
    headers: { ...HEADERS, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, client_id: provider.clientId, client_secret: provider.clientSecret }),
    timeoutMs: TIMEOUT_MS,
    label: 'token endpoint',
    secrets: [provider.clientSecret, code],
  })) as { access_token?: unknown; error?: unknown };
  // GitHub answers 200 with { error } for a bad code.
  if (typeof answer.access_token !== 'string' || !answer.access_token) throw new OAuthError(`token endpoint: ${String(answer.error ?? 'no access_token')}`);
  return answer.access_token;
}

/** The user's id (and login name) from the userinfo endpoint, read with the fields the provider is configured with. */
export async function fetchProfile(provider: SocialProviderConfig, accessToken: string): Promise<SocialProfile> {
  const profile = await callJson({
    url: provider.userInfoUrl,
    headers: { ...HEADERS, authorization: `Bearer ${accessToken}` },
    timeoutMs: TIMEOUT_MS,
    label: 'userinfo endpoint',
    secrets: [accessToken],
  });
  const subject = profile[provider.subjectField];
  if ((typeof subject !== 'string' || !subject) && typeof subject !== 'number') throw new OAuthError(`userinfo: no ${provider.subjectField}`);
  const username = profile[provider.usernameField];
  return { subject: String(subject), username: typeof username === 'string' ? username : null };
}

/** A 2xx answer's JSON object; anything else throws OutboundError. */
async function callJson(request: OutboundRequest): Promise<Record<string, unknown>> {
  return jsonObjectOf(requireOk(await callOutbound(request), request), request.label);
}
