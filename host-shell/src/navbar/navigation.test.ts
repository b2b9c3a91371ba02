import { hidesNavbar, isActive, NAV_ENTRIES, pageTitleOf } from './navigation';

describe('navigation', () => {
  it('names pages for the breadcrumb, nested routes by their own name first', () => {
    expect(pageTitleOf('/')).toBeNull();
    expect(pageTitleOf('/chatPage')).toBe('page.chat');
    expect(pageTitleOf('/chatPage/g-abc')).toBe('page.chat');
    expect(pageTitleOf('/toolBox/apps2')).toBe('page.agents');
    expect(pageTitleOf('/toolBox/coll2')).toBe('page.agentCreate');
    expect(pageTitleOf('/toolBox/knowledgePagePublic')).toBe('page.publicKnowledge');
    expect(pageTitleOf('/oaitoken')).toBe('page.settings');
    // The breadcrumb says what the page's own title says (issue 19).
    expect(pageTitleOf('/toolBox/coll')).toBe('page.favourites');
    expect(pageTitleOf('/toolBox/building')).toBe('page.imageGen');
    expect(pageTitleOf('/toolPage')).toBe('page.tools');
    expect(pageTitleOf('/trace')).toBe('page.trace');
    expect(pageTitleOf('/nowhere')).toBeNull();
  });

  it('marks the current link, and a submenu holding it', () => {
    const chat = NAV_ENTRIES.find((e) => 'href' in e && e.href === '/chatPage')!;
    const create = NAV_ENTRIES.find((e) => e.label === 'nav.create')!;
    expect(isActive(chat, '/chatPage/g-1')).toBe(true);
    expect(isActive(create, '/painter')).toBe(true);
    expect(isActive(create, '/chatPage')).toBe(false);
    expect(isActive(NAV_ENTRIES[0]!, '/newhomePage')).toBe(true);
  });

  it('hides the navbar only on the login page', () => {
    expect(hidesNavbar('/loginPage')).toBe(true);
    expect(hidesNavbar('/pay')).toBe(false);
  });
});
