/**
 * The old version's hash routes (spec platform §2: an older side menu linking to #/, #/project,
 * #/paper-list and the route list Home, Project, PaperList, SubPaper, Journal, Policy, Patent,
 * Conference, Recommendation) and where each leads today (mf-chat/README.md, "/old").
 */
export interface LegacyEntry {
  /** The old route name as the side menu showed it. */
  name: string;
  /** Its hash path in the old version. */
  hash: string;
  /** Today's page. */
  target: string;
}

export const LEGACY_ENTRIES: readonly LegacyEntry[] = [
  { name: 'Home', hash: '#/', target: '/' },
  { name: 'Project', hash: '#/project', target: '/workPage' },
  { name: 'PaperList', hash: '#/paper-list', target: '/paperPage' },
  { name: 'SubPaper', hash: '#/sub-paper', target: '/paperPage' },
  { name: 'Journal', hash: '#/journal', target: '/paperPage' },
  { name: 'Policy', hash: '#/policy', target: '/resourcePage' },
  { name: 'Patent', hash: '#/patent', target: '/paperPage' },
  { name: 'Conference', hash: '#/conference', target: '/paperPage' },
  { name: 'Recommendation', hash: '#/recommendation', target: '/resourcePage' },
];

/** Today's routes an old `#/<route>` may name directly (history mode replaced the hash; spec §2's list). */
const TODAY = [
  'newhomePage', 'chatPage', 'resourcePage', 'instructionPage', 'oaifree', 'oai', 'oaitoken', 'setting', 'hong', 'voice', 'trace', 'toolBox',
  'whiteBoard', 'itTools', 'pay', 'rulePage', 'loginPage', 'paperPage', 'sharePage', 'painter', 'workPage', 'toolPage', 'soundClone',
  'pdfChatPage', 'valueChatPage', 'pptPage', 'videoPage', 'normalQuestionPage', 'friendsLinkPage',
];

/** paper-list, paperList, PaperList, paper_list → paperlist */
const keyOf = (segment: string) => segment.toLowerCase().replace(/[-_]/g, '');

const BY_KEY = new Map<string, string>([
  ...LEGACY_ENTRIES.map((entry) => [keyOf(entry.hash.slice(2)) || '', entry.target] as const),
  ['home', '/'],
  ['index', '/'],
]);
const TODAY_BY_KEY = new Map(TODAY.map((route) => [keyOf(route), route]));

/**
 * Where an old hash link (`#/paper-list`, `#/chatPage/g-1?model=x`) leads today; null when it is
 * not a hash route or names nothing we know. Sub-paths and queries of today's routes are kept.
 */
export function legacyTarget(hash: string): string | null {
  if (!hash.startsWith('#/')) return null;
  const rest = hash.slice(2);
  const [path = '', query = ''] = rest.split(/\?(.*)/s, 2);
  const segments = path.split('/').filter(Boolean);
  const first = segments[0] ?? '';
  const today = TODAY_BY_KEY.get(keyOf(first));
  if (today) {
    const tail = segments.slice(1).map((s) => `/${s}`).join('');
    return `/${today}${tail}${query ? `?${query}` : ''}`;
  }
  return BY_KEY.get(keyOf(first)) ?? null;
}

/** The chat's model value ai4mirror is a link to the mirror site (chat spec §2), not a chat model. */
export function modelRedirect(search: string): string | null {
  return new URLSearchParams(search).get('model') === 'ai4mirror' ? '/oaifree' : null;
}

/** Goes to `path` in place of the current entry (the old link does not stay in the history). */
export function replaceTo(path: string): void {
  window.history.replaceState(null, '', path);
  window.dispatchEvent(new PopStateEvent('popstate'));
}
