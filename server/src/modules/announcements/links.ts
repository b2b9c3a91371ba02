import { announcementError } from './errors.js';

export const MAX_LINK_CHARS = 500;

/** The chat page opened on one model (立即体验). */
export function chatRoute(modelCode: string): string {
  return `/chatPage?model=${encodeURIComponent(modelCode)}`;
}

/** Why a link may not be followed (the end of a sentence about it), or null when it may. */
function linkProblem(link: string): string | null {
  if (!link) return '不能为空';
  if (link.length > MAX_LINK_CHARS) return `不能超过 ${MAX_LINK_CHARS} 个字符`;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\s\\\u0000-\u001f\u007f]/.test(link)) return `不能包含空白、反斜杠或控制字符：${link}`;
  if (link.startsWith('//')) return `必须是 http(s) 地址或以 / 开头的站内路径（不能以 // 开头）：${link}`;
  if (link.startsWith('/')) return null;
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return `必须是 http(s) 地址或以 / 开头的站内路径：${link}`;
  }
  return url.protocol === 'http:' || url.protocol === 'https:' ? null : `只能是 http(s) 地址或以 / 开头的站内路径：${link}`;
}

/**
 * A link the browser may follow: an http(s) URL or a path of this site. Anything else (javascript:,
 * data:, a protocol-relative //host, backslashes the browser reads as slashes) is refused, since
 * the host puts these into href attributes and router pushes.
 */
export function safeLink(text: string, what: string): string {
  const link = text.trim();
  const problem = linkProblem(link);
  if (problem) throw announcementError(`${what}${problem}`);
  return link;
}

export function isSafeLink(text: string): boolean {
  return linkProblem(text.trim()) === null;
}
