import { act, renderHook } from '@testing-library/react';
import { session } from '@qiming/sdk';
import { useReturnPathOnLogin } from './returnPath';

/** As an area's router moves: pushState, then single-spa's popstate. */
const go = (path: string) =>
  act(() => {
    window.history.pushState(null, '', path);
    window.dispatchEvent(new PopStateEvent('popstate'));
  });

describe('the path the login page brings the user back to (beforeUrl)', () => {
  afterEach(() => jest.restoreAllMocks());

  it('is the full path last shown before /loginPage, its query changed within the page included', () => {
    const remember = jest.spyOn(session, 'rememberReturnTo').mockImplementation(() => undefined);
    window.history.replaceState(null, '', '/chatPage?model=glm-4-flash');
    renderHook(() => useReturnPathOnLogin());
    go('/chatPage?conv=g1');
    go('/chatPage?conv=g2');
    expect(remember).not.toHaveBeenCalled();
    go('/loginPage?aff=abc');
    expect(remember).toHaveBeenCalledTimes(1);
    expect(remember).toHaveBeenCalledWith('/chatPage?conv=g2');
  });
});
