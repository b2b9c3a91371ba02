import { matchRoute, ownerOfPath } from './routeOwnership';
import areas from '@qiming/contracts/areas.json';

const owners = areas.areas;

describe('route ownership', () => {
  it.each([
    ['/', 'chat'],
    ['/newhomePage', 'chat'],
    ['/chatPage', 'chat'],
    ['/chatPage/g-123', 'chat'],
    ['/friendsLinkPage/abc', 'chat'],
    ['/loginPage', 'account'],
    ['/setting', 'account'],
    ['/pay', 'pay'],
    ['/rulePage', 'pay'],
    ['/toolBox', 'toolbox'],
    ['/toolBox/apps', 'toolbox'],
    ['/toolBox/knowledgePagePublic', 'toolbox'],
    ['/toolBox/building', 'media'],
    ['/painter', 'media'],
    ['/pptPage/', 'media'],
  ])('%s belongs to %s', (path, area) => {
    expect(ownerOfPath(path, owners)).toBe(area);
  });

  it('leaves unknown paths unowned', () => {
    expect(ownerOfPath('/nothing-here', owners)).toBeNull();
    expect(ownerOfPath('/chatPage/a/b', owners)).toBeNull();
  });

  it('matches patterns by segment', () => {
    expect(matchRoute('/', '/')).toBe(true);
    expect(matchRoute('/', '/x')).toBe(false);
    expect(matchRoute('/a/:p', '/a')).toBe(false);
    expect(matchRoute('/a/*', '/a')).toBe(false);
    expect(matchRoute('/a/*', '/a/b/c')).toBe(true);
  });
});
