import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/**
 * Credentials kept encrypted at rest (AES-256-GCM, a fresh IV each time): the cars' upstream
 * accounts, the users' own keys and the share tokens of live entries. A database dump alone
 * reveals none of them; the key lives in MIRROR_SECRET_KEY or DATA_DIR/secrets.json.
 */
export class CredentialBox {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHash('sha256').update(`mirror-credentials:${secret}`).digest();
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
  }

  /** Throws when the text was sealed with another key or altered. */
  open(sealed: string): string {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('not a sealed mirror credential');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }
}

/** What lists show of a key: its first and last four characters (the whole of a short one never). */
export function maskedSecret(secret: string): string {
  if (secret.length <= 12) return `…${secret.slice(-2)}`;
  return `${secret.slice(0, 4)}…${secret.slice(-4)}`;
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
