import { areaSkeleton, skeletonLayoutFor, skeletonOutline } from './areaSkeleton';

// Jest runs in Node; this package has no Node types, so the one call used is declared here.
declare const require: (id: 'node:fs') => { readFileSync(file: string, encoding: 'utf8'): string };
declare const __dirname: string;

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
    expect(page.className).toBe('qm-sk-page');
    expect(page.getAttribute('aria-busy')).toBe('true');
  });

  it('is the outline the page draws in its first frame, block for block', () => {
    const indexHtml = require('node:fs').readFileSync(`${__dirname}/../index.html`, 'utf8');
    const frame = new DOMParser().parseFromString(indexHtml, 'text/html').getElementById('qm-first-frame')!;
    expect([...frame.children].map((outline) => outline.outerHTML)).toEqual([skeletonOutline('chat').outerHTML, skeletonOutline('page').outerHTML]);
  });
});
