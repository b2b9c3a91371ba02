import type { SdkHosts } from './config';

// spec platform §7 "Host routing by path suffix". Names are matched against the end of the path.
const MAIN = ['getClaudeToken', 'getMyToken2', 'getMyToken3', 'getGptUseCount', 'getMyKnowledge', 'getAllKnowledgePublic', 'getKnowledgeItems', 'getQrCode', 'freeFkPage2'];
const SECONDARY = ['getToken', 'getAllItemsTree', 'refreshAllToken', 'sumitToken', 'getShareToken', 'getFkToken', 'VO', 'freeFkPage', 'uploadChatKnowledge', 'uploadChatKnowledge2'];
const KNOWLEDGE = ['createKnowledge', 'updateKnowledge', 'upload', 'readPdf', 'getMyKnowledge2', 'deleteKnowledgeItems', 'deleteKnowledge'];

export type HostGroup = 'main' | 'secondary' | 'knowledge' | 'social' | 'stream';

function pathOf(url: string): string {
  return url.split(/[?#]/)[0]!.replace(/\/+$/, '');
}

const endsWithAny = (path: string, names: string[]) => names.some((name) => path.endsWith(name));

/** Which host a call goes to (the main-host list wins where names overlap, e.g. freeFkPage2). */
export function hostGroupFor(url: string): HostGroup {
  const path = pathOf(url);
  if (path.endsWith('getStream')) return 'stream';
  if (path.endsWith('social-login')) return 'social';
  if (endsWithAny(path, MAIN)) return 'main';
  if (endsWithAny(path, SECONDARY)) return 'secondary';
  if (endsWithAny(path, KNOWLEDGE)) return 'knowledge';
  return 'main';
}

export function staticHostFor(group: Exclude<HostGroup, 'stream'>, hosts: SdkHosts): string {
  return hosts[group];
}

// spec §9 "Request timeouts", most specific first.
const TIMEOUTS: Array<[(path: string) => boolean, number]> = [
  [(p) => p.endsWith('getStream'), 5_000_000],
  [(p) => p.endsWith('generateSpeech'), 600_000],
  [(p) => p.endsWith('sumitToken'), 600_000],
  [(p) => p.endsWith('getClaudeToken'), 10_000],
  [(p) => p.endsWith('uploadFile'), 300_000],
  [(p) => p.endsWith('udio'), 300_000],
  [(p) => p.includes('upload') || p.includes('social-login'), 3_000_000],
];

export const DEFAULT_TIMEOUT_MS = 60_000;

export function timeoutFor(url: string): number {
  const path = pathOf(url);
  return TIMEOUTS.find(([matches]) => matches(path))?.[1] ?? DEFAULT_TIMEOUT_MS;
}

/**
 * Calls that never carry the bearer token. The spec says "urls ending loginByPhone, checkLogin or
 * get"; the `get` there is the public captcha call — read literally it would also strip the token
 * from signed-in calls such as system/user-auth-key/get.
 */
export function sendsBearer(url: string): boolean {
  return !/(loginByPhone|checkLogin|captcha\/get)$/.test(pathOf(url));
}
