import { createHmac, timingSafeEqual } from 'node:crypto';

/** Where clips and posters are served (no login, no request signature: a <video> sends neither). */
export const VIDEO_PATH = '/app-api/public/videos';

export type VideoVariant = 'video' | 'poster';

/** Links last at least this long. */
const LINK_SECONDS = 3600;

/**
 * Owner-only links: `?exp=<unix seconds>&sig=<HMAC>` over the variant, task id and expiry (as the
 * image links: the expiry rounded up to the next whole hour past an hour from now, so the page's
 * polls get the same URL and the browser's cache keeps working while each link still ends).
 */
export class VideoLinks {
  constructor(
    private readonly secret: string,
    private readonly now: () => Date,
  ) {}

  signedUrl(taskId: string, variant: VideoVariant, download = false): string {
    const exp = this.expiry();
    return `${VIDEO_PATH}/${taskId}${variant === 'poster' ? '/poster' : ''}?exp=${exp}&sig=${this.signature(variant, taskId, exp)}${download ? '&download=1' : ''}`;
  }

  verify(variant: VideoVariant, taskId: string, exp: unknown, sig: unknown): boolean {
    if (typeof exp !== 'string' || typeof sig !== 'string' || !/^\d{1,12}$/.test(exp)) return false;
    if (Number(exp) * 1000 < this.now().getTime()) return false;
    const expected = Buffer.from(this.signature(variant, taskId, Number(exp)));
    const given = Buffer.from(sig);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  secondsLeft(exp: string): number {
    return Math.max(0, Number(exp) - Math.floor(this.now().getTime() / 1000));
  }

  private expiry(): number {
    const seconds = Math.floor(this.now().getTime() / 1000) + LINK_SECONDS;
    return Math.ceil(seconds / LINK_SECONDS) * LINK_SECONDS;
  }

  private signature(variant: VideoVariant, taskId: string, exp: number): string {
    return createHmac('sha256', this.secret).update(`video-${variant}:${taskId}:${exp}`).digest('base64url');
  }
}
