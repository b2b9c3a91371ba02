import { callOutbound, OutboundError, parseJsonObject, requireOk } from '../../http/outbound.js';

export const MIRROR_KINDS = ['oaifree'] as const;
export type MirrorKind = (typeof MIRROR_KINDS)[number];

export interface ShareTokenRequest {
  /** The site's token endpoint. */
  registerUrl: string;
  /** The mirror's origin (the token is limited to it). */
  origin: string;
  /** The upstream account's access token (a car's, or the user's own key). */
  accessToken: string;
  /** Names the user on the upstream side without revealing who they are (same user, same name). */
  uniqueName: string;
  expiresInSeconds: number;
  timeoutMs: number;
  fetch?: typeof fetch;
}

/** Why a provider call failed, for the log (never carries a token). */
export class MirrorProviderError extends Error {}

/**
 * The oaifree / Pandora share-token API: POST <register url> (form) with unique_name,
 * access_token, site_limit, expires_in, show_conversations (false: each share token sees only its
 * own conversations), show_userinfo (false: the account's e-mail is hidden) → { token_key }.
 * The user then opens <origin>/auth/login_share?token=<token_key>.
 */
export async function registerShareToken(request: ShareTokenRequest): Promise<string> {
  const body = new URLSearchParams({
    unique_name: request.uniqueName,
    access_token: request.accessToken,
    site_limit: request.origin,
    expires_in: String(request.expiresInSeconds),
    show_conversations: 'false',
    show_userinfo: 'false',
  });
  let text: string;
  try {
    const answer = await callOutbound({
      url: request.registerUrl,
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
      timeoutMs: request.timeoutMs,
      label: 'mirror token register',
      secrets: [request.accessToken],
      maxBytes: 64 * 1024,
      fetch: request.fetch,
    });
    text = requireOk(answer, { label: 'mirror token register', secrets: [request.accessToken] }).text();
  } catch (error) {
    if (error instanceof OutboundError) throw new MirrorProviderError(error.message);
    throw error;
  }
  const token = parseJsonObject(text)?.token_key;
  if (typeof token !== 'string' || !/^[\w.-]{8,512}$/.test(token)) throw new MirrorProviderError('mirror token register: the answer has no usable token_key');
  return token;
}

/** Where the one-time redirect sends the browser. */
export function loginUrl(origin: string, token: string): string {
  return `${origin}/auth/login_share?token=${encodeURIComponent(token)}`;
}
