import { createHmac, timingSafeEqual } from 'node:crypto';

/** Links last at least this long. */
const LINK_SECONDS = 3600;

/**
 * Owner-only links for files an element loads without a bearer token (<img>, <video>):
 * `exp=<unix seconds>&sig=<HMAC-SHA256>` over the scope, variant, id and expiry. The expiry is
 * rounded up to the next whole hour past an hour from now, so a page polling every few seconds gets
 * the same URL for up to an hour (the browser's cache keeps working) while each link still ends.
 */
export class LinkSigner<Variant extends string> {
  constructor(
    private readonly secret: string,
    private readonly now: () => Date,
    /** Keeps one module's signatures from opening another's paths ('' for the images, the first user). */
    private readonly scope = '',
  ) {}

  /** The query string of a fresh link: `exp=…&sig=…`. */
  query(variant: Variant, id: string): string {
    const exp = this.expiry();
    return `exp=${exp}&sig=${this.signature(variant, id, exp)}`;
  }

  /** True when the link was made here for this file and variant and has not expired. */
  verify(variant: Variant, id: string, exp: unknown, sig: unknown): boolean {
    if (typeof exp !== 'string' || typeof sig !== 'string' || !/^\d{1,12}$/.test(exp)) return false;
    if (Number(exp) * 1000 < this.now().getTime()) return false;
    const expected = Buffer.from(this.signature(variant, id, Number(exp)));
    const given = Buffer.from(sig);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /** Seconds until a link ends (its cache lifetime). */
  secondsLeft(exp: string): number {
    return Math.max(0, Number(exp) - Math.floor(this.now().getTime() / 1000));
  }

  private expiry(): number {
    const seconds = Math.floor(this.now().getTime() / 1000) + LINK_SECONDS;
    return Math.ceil(seconds / LINK_SECONDS) * LINK_SECONDS;
  }

  private signature(variant: Variant, id: string, exp: number): string {
    return createHmac('sha256', this.secret).update(`${this.scope}${variant}:${id}:${exp}`).digest('base64url');
  }
}
