import { i18n } from '@qiming/sdk';
import { t } from './i18n';
import { pages } from './pages';

const titleOf = (path: string) => pages().find((page) => page.path === path)?.title;

describe('page titles', () => {
  afterEach(() => i18n.setLocale('zh-CN'));

  it('are read in the page language when the pages are built', async () => {
    expect(titleOf('/sharePage')).toBe('图片广场');
    i18n.setLocale('en-US');
    await t.ready();
    expect(titleOf('/sharePage')).toBe('Image Gallery');
    for (const page of pages()) expect(page.title).not.toMatch(/[\u4e00-\u9fff]/);
  });
});
