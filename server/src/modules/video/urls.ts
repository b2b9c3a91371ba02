import { LinkSigner } from '../../http/signedLinks.js';

/** Where clips and posters are served (no login, no request signature: a <video> sends neither). */
export const VIDEO_PATH = '/app-api/public/videos';

export type VideoVariant = 'video' | 'poster';

/** Owner-only links to a task's clip and poster (http/signedLinks.ts, scope `video-`). */
export class VideoLinks {
  private readonly signer: LinkSigner<VideoVariant>;

  constructor(secret: string, now: () => Date) {
    this.signer = new LinkSigner(secret, now, 'video-');
  }

  signedUrl(taskId: string, variant: VideoVariant, download = false): string {
    return `${VIDEO_PATH}/${taskId}${variant === 'poster' ? '/poster' : ''}?${this.signer.query(variant, taskId)}${download ? '&download=1' : ''}`;
  }

  verify(variant: VideoVariant, taskId: string, exp: unknown, sig: unknown): boolean {
    return this.signer.verify(variant, taskId, exp, sig);
  }

  secondsLeft(exp: string): number {
    return this.signer.secondsLeft(exp);
  }
}
