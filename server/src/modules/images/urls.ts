import { createHmac, timingSafeEqual } from 'node:crypto';

/** Where images are served (no login, no request signature: an <img> sends neither). */
export const IMAGE_PATH = '/app-api/public/images';
export const REFERENCE_PATH = '/app-api/public/image-references';

export type ImageVariant = 'original' | 'thumb' | 'reference';

/** Owner links last at least this long. */
const LINK_SECONDS = 3600;

/**
 * Owner-only links: `?exp=<unix seconds>&sig=<HMAC>` over the variant, id and expiry. The expiry is
 * rounded up to the next whole hour past an hour from now, so the page polling every 2 s gets the
 * same URL for up to an hour (the browser's cache keeps working) while each link still ends.
 */
export class ImageLinks {
  constructor(
    private readonly secret: string,
    private readonly now: () => Date,
  ) {}

  /** The public URL of a shared image (no signature: anyone may load it, caches may keep it). */
  publicUrl(id: string, variant: 'original' | 'thumb'): string {
    return `${IMAGE_PATH}/${id}${variant === 'thumb' ? '/thumb' : ''}`;
  }

  signedUrl(id: string, variant: ImageVariant): string {
    const exp = this.expiry();
    const query = `exp=${exp}&sig=${this.signature(variant, id, exp)}`;
    if (variant === 'reference') return `${REFERENCE_PATH}/${id}?${query}`;
    return `${this.publicUrl(id, variant)}?${query}`;
  }

  /** True when the link was made here for this image and has not expired. */
  verify(variant: ImageVariant, id: string, exp: unknown, sig: unknown): boolean {
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

  private signature(variant: ImageVariant, id: string, exp: number): string {
    return createHmac('sha256', this.secret).update(`${variant}:${id}:${exp}`).digest('base64url');
  }
}
