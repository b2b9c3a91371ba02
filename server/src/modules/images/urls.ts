import { LinkSigner } from '../../http/signedLinks.js';

/** Where images are served (no login, no request signature: an <img> sends neither). */
export const IMAGE_PATH = '/app-api/public/images';
export const REFERENCE_PATH = '/app-api/public/image-references';

export type ImageVariant = 'original' | 'thumb' | 'reference';

/** Image links: public ones for shared images, owner-only signed ones (http/signedLinks.ts) otherwise. */
export class ImageLinks {
  private readonly signer: LinkSigner<ImageVariant>;

  constructor(secret: string, now: () => Date) {
    this.signer = new LinkSigner(secret, now);
  }

  /** The public URL of a shared image (no signature: anyone may load it, caches may keep it). */
  publicUrl(id: string, variant: 'original' | 'thumb'): string {
    return `${IMAGE_PATH}/${id}${variant === 'thumb' ? '/thumb' : ''}`;
  }

  signedUrl(id: string, variant: ImageVariant): string {
    const query = this.signer.query(variant, id);
    if (variant === 'reference') return `${REFERENCE_PATH}/${id}?${query}`;
    return `${this.publicUrl(id, variant)}?${query}`;
  }

  /** True when the link was made here for this image and has not expired. */
  verify(variant: ImageVariant, id: string, exp: unknown, sig: unknown): boolean {
    return this.signer.verify(variant, id, exp, sig);
  }

  /** Seconds until a link ends (its cache lifetime). */
  secondsLeft(exp: string): number {
    return this.signer.secondsLeft(exp);
  }
}
