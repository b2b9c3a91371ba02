import { render, screen, fireEvent } from '@testing-library/react';
import { UiProvider } from '@qiming/sdk/ui';
import { LEGACY_ENTRIES, legacyTarget, modelRedirect } from './legacyRoutes';
import { LegacyGate } from './LegacyGate';
import { OldPage } from './OldPage';

describe('legacy hash map', () => {
  it.each([
    ['#/', '/'],
    ['#/home', '/'],
    ['#/project', '/workPage'],
    ['#/paper-list', '/paperPage'],
    ['#/PaperList', '/paperPage'],
    ['#/paper_list', '/paperPage'],
    ['#/sub-paper', '/paperPage'],
    ['#/SubPaper?id=7', '/paperPage'],
    ['#/journal', '/paperPage'],
    ['#/policy', '/resourcePage'],
    ['#/patent', '/paperPage'],
    ['#/conference', '/paperPage'],
    ['#/recommendation', '/resourcePage'],
    ['#/chatPage?model=gpt-4o', '/chatPage?model=gpt-4o'],
    ['#/chatpage/g-12', '/chatPage/g-12'],
    ['#/toolBox/apps', '/toolBox/apps'],
    ['#/oaifree', '/oaifree'],
  ])('%s → %s', (hash, target) => expect(legacyTarget(hash)).toBe(target));

  it('names nothing for unknown or non-hash-route fragments', () => {
    expect(legacyTarget('#/no-such-page')).toBeNull();
    expect(legacyTarget('#section')).toBeNull();
    expect(legacyTarget('')).toBeNull();
  });

  it('every entry of the old side menu has a target', () => {
    expect(LEGACY_ENTRIES.map((entry) => entry.name)).toEqual(['Home', 'Project', 'PaperList', 'SubPaper', 'Journal', 'Policy', 'Patent', 'Conference', 'Recommendation']);
    for (const entry of LEGACY_ENTRIES) expect(legacyTarget(entry.hash)).toBe(entry.target);
  });

  it('the model value ai4mirror leads to the mirror site', () => {
    expect(modelRedirect('?model=ai4mirror')).toBe('/oaifree');
    expect(modelRedirect('?model=gpt-4o')).toBeNull();
  });
});

describe('OldPage and LegacyGate', () => {
  const popstates = jest.fn();
  beforeAll(() => window.addEventListener('popstate', popstates));
  afterAll(() => window.removeEventListener('popstate', popstates));
  beforeEach(() => popstates.mockClear());

  it('/old#/project replaces itself with today\'s page', () => {
    window.history.replaceState(null, '', '/old#/project');
    render(<UiProvider><OldPage /></UiProvider>);
    expect(window.location.pathname).toBe('/workPage');
    expect(window.location.hash).toBe('');
    expect(popstates).toHaveBeenCalled();
    expect(screen.queryByTestId('old-page')).toBeNull();
  });

  it('/old shows the old menu with the notice; an entry opens today\'s page', () => {
    window.history.replaceState(null, '', '/old');
    render(<UiProvider><OldPage /></UiProvider>);
    expect(screen.getByText('这是旧版入口')).toBeTruthy();
    fireEvent.click(screen.getByText('论文列表'));
    expect(window.location.pathname).toBe('/paperPage');
  });

  it('/old with an unknown old link says so', () => {
    window.history.replaceState(null, '', '/old#/gone');
    render(<UiProvider><OldPage /></UiProvider>);
    expect(screen.getByText('没有找到旧版页面 #/gone，请从左侧菜单选择')).toBeTruthy();
  });

  it('a bare /#/paper-list on the site root goes to today\'s page; /#/ just drops the hash', () => {
    window.history.replaceState(null, '', '/#/paper-list');
    render(<LegacyGate><p>home</p></LegacyGate>);
    expect(window.location.pathname).toBe('/paperPage');
    expect(screen.queryByText('home')).toBeNull();

    window.history.replaceState(null, '', '/#/');
    render(<LegacyGate><p>home page</p></LegacyGate>);
    expect(window.location.pathname + window.location.hash).toBe('/');
    expect(screen.getByText('home page')).toBeTruthy();
  });

  it('/chatPage?model=ai4mirror goes to the mirror site', () => {
    window.history.replaceState(null, '', '/chatPage?model=ai4mirror');
    render(<LegacyGate><p>chat</p></LegacyGate>);
    expect(window.location.pathname).toBe('/oaifree');
  });
});
