import type { HostMessageKey } from '../i18n';

/** A navbar entry: a link, or a submenu of links (shown on hover). */
export interface NavLink {
  label: HostMessageKey;
  href: string;
}

export interface NavMenu {
  label: HostMessageKey;
  items: NavLink[];
}

export type NavEntry = NavLink | NavMenu;

export const isMenu = (entry: NavEntry): entry is NavMenu => 'items' in entry;

/**
 * Top navigation of spec platform §2. The creative tools share one submenu so the bar fits a
 * 1440 px window next to the promo banner and the account controls.
 */
export const NAV_ENTRIES: NavEntry[] = [
  { label: 'nav.home', href: '/' },
  { label: 'nav.chat', href: '/chatPage' },
  { label: 'nav.mirror', href: '/oaifree' },
  { label: 'nav.apps', href: '/toolBox/apps' },
  {
    label: 'nav.create',
    items: [
      { label: 'nav.ppt', href: '/pptPage' },
      { label: 'nav.video', href: '/videoPage' },
      { label: 'nav.painter', href: '/painter' },
      { label: 'nav.gallery', href: '/sharePage' },
    ],
  },
  { label: 'nav.pdfChat', href: '/pdfChatPage' },
  { label: 'nav.pay', href: '/pay' },
  { label: 'nav.settings', href: '/setting' },
  { label: 'nav.api', href: '/api' },
  {
    label: 'nav.toolbox',
    items: [
      { label: 'nav.manual', href: '/instructionPage' },
      { label: 'nav.tools', href: '/toolPage' },
    ],
  },
];

/**
 * Page names for the breadcrumb while an area loads, by route: the page itself or a child of it
 * (e.g. /chatPage/g-…). Once shown, the page announces its own title (`page:shown`), which wins.
 */
const PAGE_TITLES: Array<[string, HostMessageKey]> = [
  ['/newhomePage', 'page.home'],
  ['/chatPage', 'page.chat'],
  ['/resourcePage', 'page.resources'],
  ['/instructionPage', 'page.manual'],
  ['/oaifree', 'page.mirror'],
  ['/oaitoken', 'page.settings'],
  ['/oai', 'page.mirror'],
  ['/setting', 'page.settings'],
  ['/hong', 'page.hong'],
  ['/voice', 'page.voice'],
  ['/trace', 'page.trace'],
  ['/toolBox/apps', 'page.plugins'],
  ['/toolBox/apps2', 'page.agents'],
  ['/toolBox/coll', 'page.favourites'],
  ['/toolBox/coll2', 'page.agentCreate'],
  ['/toolBox/building', 'page.imageGen'],
  ['/toolBox/knowledgePage', 'page.myKnowledge'],
  ['/toolBox/knowledgePagePublic', 'page.publicKnowledge'],
  ['/toolBox/functionCall', 'page.myPlugins'],
  ['/toolBox', 'page.toolbox'],
  ['/whiteBoard', 'page.whiteBoard'],
  ['/itTools', 'page.itTools'],
  ['/pay', 'page.pay'],
  ['/rulePage', 'page.rules'],
  ['/paperPage', 'page.paper'],
  ['/sharePage', 'page.gallery'],
  ['/painter', 'page.painter'],
  ['/workPage', 'page.works'],
  ['/toolPage', 'page.tools'],
  ['/soundClone', 'page.soundClone'],
  ['/pdfChatPage', 'page.pdfChat'],
  ['/valueChatPage', 'page.valueChat'],
  ['/pptPage', 'page.ppt'],
  ['/videoPage', 'page.video'],
  ['/normalQuestionPage', 'page.faq'],
  ['/friendsLinkPage', 'page.shared'],
  ['/old', 'page.old'],
];

/** The breadcrumb's page name for a path; null at home (the home icon says it all). */
export function pageTitleOf(pathname: string): HostMessageKey | null {
  if (pathname === '/' || pathname === '') return null;
  const match = PAGE_TITLES.find(([route]) => pathname === route || pathname.startsWith(`${route}/`));
  return match ? match[1] : null;
}

/** Pages that show without the navbar and announcements (spec platform §2: the login page). */
export function hidesNavbar(pathname: string): boolean {
  return pathname === '/loginPage';
}

/** Is `href` the page at `pathname` (a submenu is active when one of its links is)? */
export function isActive(entry: NavEntry, pathname: string): boolean {
  if (isMenu(entry)) return entry.items.some((item) => isActive(item, pathname));
  return entry.href === '/' ? pathname === '/' || pathname === '/newhomePage' : pathname === entry.href || pathname.startsWith(`${entry.href}/`);
}
