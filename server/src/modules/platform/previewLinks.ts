import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** One browser's permission to load `version` of `area` instead of what visitors get, until `expiresAt`. */
export interface PreviewGrant {
  area: string;
  version: string;
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

/** The page parameter of a preview link; `off` ends every preview of the browser. */
export const PREVIEW_PARAM = 'preview';
export const PREVIEW_OFF = 'off';
/** Holds the browser's live grants (the links' own signed texts), so a preview survives navigation and reloads. */
export const PREVIEW_COOKIE = 'qm_preview';

export const PREVIEW_HOURS_DEFAULT = 24;
export const PREVIEW_HOURS_MAX = 168;

/** `<area>@<version>~<expiry, epoch seconds>~<signature>`: `~` is URL-safe and in no area or version name. */
const GRANT_PATTERN = /^([a-z][a-z0-9-]{0,39})@([0-9A-Za-z][0-9A-Za-z.+_-]{0,63})~(\d{1,12})~([A-Za-z0-9_-]{22})$/;
const MAX_GRANTS = 5;

/**
 * Signs and reads preview grants (HMAC-SHA256, 128 bits kept, over area, version and expiry). The
 * key is PREVIEW_LINK_SECRET or one kept in DATA_DIR/secrets.json: every instance must share it.
 */
export class PreviewLinks {
  constructor(
    private readonly secret: string,
    private readonly now: () => number = Date.now,
  ) {}

  sign(grant: PreviewGrant): string {
    const body = `${grant.area}@${grant.version}~${Math.floor(grant.expiresAt / 1000)}`;
    return `${body}~${this.signatureOf(body)}`;
  }

  /** A signed grant, or why it is refused (in the words the previewing browser is shown). */
  read(text: string): PreviewGrant | { refused: string } {
    const match = GRANT_PATTERN.exec(text);
    if (!match) return { refused: '预览链接不完整或已损坏，请向发布者重新要一个' };
    const [, area, version, expiry, signature] = match;
    const expected = Buffer.from(this.signatureOf(`${area}@${version}~${expiry}`));
    if (!timingSafeEqual(expected, Buffer.from(signature!))) return { refused: '预览链接无效（签名不对），请向发布者重新要一个' };
    const expiresAt = Number(expiry) * 1000;
    if (expiresAt <= this.now()) return { refused: `预览链接已于 ${new Date(expiresAt).toISOString().slice(0, 16).replace('T', ' ')}（UTC）过期，请向发布者重新要一个` };
    return { area: area!, version: version!, expiresAt };
  }

  private signatureOf(body: string): string {
    return createHmac('sha256', this.secret).update(body).digest('base64url').slice(0, 22);
  }
}

export interface PagePreview {
  grants: PreviewGrant[];
  /** What the page tells the browser about its preview link: taken, refused or ended; null when it came with none. */
  notice: { ok: boolean; message: string } | null;
}

/**
 * The previews of this request: the browser's cookie, changed by the page's `?preview=` parameter
 * (a new grant replaces the same area's, `off` ends them all). The cookie is rewritten when that
 * changes it or when a grant in it has expired.
 */
export function previewOf(request: FastifyRequest, reply: FastifyReply, links: PreviewLinks, { fromParameter }: { fromParameter: boolean }): PagePreview {
  const stored = (request.cookies[PREVIEW_COOKIE] ?? '').split(',').filter(Boolean).slice(0, MAX_GRANTS);
  let grants = stored.map((text) => links.read(text)).filter((g): g is PreviewGrant => !('refused' in g));
  let notice: PagePreview['notice'] = null;
  const parameter = fromParameter ? (request.query as Record<string, unknown> | undefined)?.[PREVIEW_PARAM] : undefined;
  if (parameter === PREVIEW_OFF) {
    notice = grants.length ? { ok: true, message: '已退出预览，现在看到的是线上版本' } : null;
    grants = [];
  } else if (typeof parameter === 'string' && parameter) {
    const read = links.read(parameter);
    if ('refused' in read) notice = { ok: false, message: read.refused };
    else {
      grants = [...grants.filter((g) => g.area !== read.area), read];
      notice = { ok: true, message: `正在预览 ${read.area} ${read.version}：只有这个浏览器看得到` };
    }
  }
  const texts = grants.map((g) => links.sign(g));
  if (texts.join(',') !== stored.join(',')) {
    if (texts.length) {
      const maxAge = Math.ceil((Math.max(...grants.map((g) => g.expiresAt)) - Date.now()) / 1000);
      reply.setCookie(PREVIEW_COOKIE, texts.join(','), { path: '/', httpOnly: true, sameSite: 'lax', maxAge });
    } else reply.clearCookie(PREVIEW_COOKIE, { path: '/' });
  }
  return { grants, notice };
}
