import { areaSkeleton, skeletonLayoutFor } from './areaSkeleton';

describe('areaSkeleton', () => {
  it('draws the chat layout on the chat page and the centred page frame elsewhere', () => {
    expect(skeletonLayoutFor('/chatPage')).toBe('chat');
    expect(skeletonLayoutFor('/chatPage/g-abc')).toBe('chat');
    expect(skeletonLayoutFor('/chatPageX')).toBe('page');
    expect(skeletonLayoutFor('/pay')).toBe('page');
    const chat = areaSkeleton('chat', '/chatPage');
    expect(chat.dataset).toMatchObject({ testid: 'area-skeleton', area: 'chat', layout: 'chat' });
    expect(chat.children).toHaveLength(2);
    const page = areaSkeleton('pay', '/pay');
    expect(page.dataset.layout).toBe('page');
    expect(page.className).toBe('page');
    expect(page.getAttribute('aria-busy')).toBe('true');
  });
});
