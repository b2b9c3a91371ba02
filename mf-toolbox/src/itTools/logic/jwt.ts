import { t } from '../i18n';
import { decodeBase64, decodeBase64Bytes, encodeBase64Bytes } from './base64';
import { hmacOf, type HashName } from './hash';
import { fail, ok, type Result } from './result';

export interface DecodedJwt {
  header: Record<string, unknown>;
  payload: Record<string, unknown>;
  signature: string;
  /** exp, iat and nbf read as dates (seconds since 1970). */
  times: { claim: 'exp' | 'iat' | 'nbf'; date: Date }[];
  state: 'valid' | 'expired' | 'notYetValid' | 'noExpiry';
}

function part(segment: string, name: string): Result<Record<string, unknown>> {
  const text = decodeBase64(segment);
  if (!text.ok) return fail(t('it.jwt.badPart', { part: name }));
  try {
    const value: unknown = JSON.parse(text.value);
    if (value && typeof value === 'object' && !Array.isArray(value)) return ok(value as Record<string, unknown>);
  } catch {
    /* said below */
  }
  return fail(t('it.jwt.notJson', { part: name }));
}

/** The header and payload of a JWT (JWS compact form), without any claim about its signature. */
export function decodeJwt(token: string, now: Date = new Date()): Result<DecodedJwt> {
  const compact = token.trim().replace(/^Bearer\s+/i, '');
  if (!compact) return fail(t('it.common.empty'));
  const parts = compact.split('.');
  if (parts.length !== 3) return fail(t('it.jwt.partCount', { n: parts.length }));
  const header = part(parts[0]!, 'header');
  if (!header.ok) return header;
  const payload = part(parts[1]!, 'payload');
  if (!payload.ok) return payload;
  const times = (['iat', 'nbf', 'exp'] as const)
    .filter((claim) => typeof payload.value[claim] === 'number')
    .map((claim) => ({ claim, date: new Date((payload.value[claim] as number) * 1000) }));
  const at = (claim: string) => times.find((x) => x.claim === claim)?.date;
  const exp = at('exp');
  const nbf = at('nbf');
  const state = nbf && nbf > now ? 'notYetValid' : !exp ? 'noExpiry' : exp <= now ? 'expired' : 'valid';
  return ok({ header: header.value, payload: payload.value, signature: parts[2]!, times, state });
}

const HMAC_ALGS: Record<string, HashName> = { HS256: 'sha256', HS384: 'sha384', HS512: 'sha512' };

/** HS256/384/512 only: true when the signature is the HMAC of `header.payload` with the secret. */
export function verifyHmacJwt(token: string, secret: string): Result<boolean> {
  const compact = token.trim().replace(/^Bearer\s+/i, '');
  const decoded = decodeJwt(compact);
  if (!decoded.ok) return decoded;
  const alg = String(decoded.value.header.alg ?? '');
  const hash = HMAC_ALGS[alg];
  if (!hash) return fail(t('it.jwt.cannotVerify', { alg: alg || '?' }));
  const [h, p, s] = compact.split('.') as [string, string, string];
  const given = decodeBase64Bytes(s);
  if (!given.ok) return fail(t('it.jwt.badPart', { part: 'signature' }));
  const expected = encodeBase64Bytes(hmacOf(hash, secret, `${h}.${p}`).bytes, { urlSafe: true, pad: false });
  return ok(expected === encodeBase64Bytes(given.value, { urlSafe: true, pad: false }));
}
