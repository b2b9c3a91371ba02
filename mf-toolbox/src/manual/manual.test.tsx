import { act, fireEvent, render, screen } from '@testing-library/react';
import { UiProvider } from '@qiming/sdk/ui';
import { FAQ_SOURCE, MANUAL_SOURCE } from './content';
import { FaqPage } from './FaqPage';
import { parseFaq, searchFaq } from './faq';
import { clearHighlights, highlight } from './highlight';
import { ManualPage } from './ManualPage';
import { renderMarkdown } from './markdown';
import { idOfHash, slugger, slugOf } from './slug';

describe('slugs', () => {
  it('keep Chinese, lower-case Latin letters, join words with - and drop punctuation', () => {
    expect(slugOf('积分与价格')).toBe('积分与价格');
    expect(slugOf('API 密钥')).toBe('api-密钥');
    expect(slugOf(' 收不到验证码怎么办？')).toBe('收不到验证码怎么办');
    expect(slugOf('“离线演示”是什么意思？')).toBe('离线演示是什么意思');
    expect(slugOf('？！')).toBe('section');
  });

  it('are unique within a document and read back from an encoded hash', () => {
    const next = slugger();
    expect([next('常见问题'), next('常见问题'), next('常见问题')]).toEqual(['常见问题', '常见问题-1', '常见问题-2']);
    expect(idOfHash(`#${encodeURIComponent('积分与价格')}`)).toBe('积分与价格');
    expect(idOfHash('#积分与价格')).toBe('积分与价格');
    expect(idOfHash('#%E0%A4%A')).toBe('%E0%A4%A');
    expect(idOfHash('')).toBeNull();
  });
});

describe('the manual', () => {
  it('extracts the table of contents from the real manual, with ids on the headings', () => {
    const { html, headings } = renderMarkdown(MANUAL_SOURCE);
    const top = headings.filter((h) => h.level === 2).map((h) => h.text);
    expect(top).toEqual(expect.arrayContaining(['账号与登录', '积分与价格', '对话与模型', '智能体与知识库', '绘画、视频、PPT 与声音', '充值与兑换码', '邀请好友', 'API 与设置']));
    expect(headings.find((h) => h.text === '每日积分与永久积分')).toEqual({ level: 3, text: '每日积分与永久积分', id: '每日积分与永久积分' });
    expect(html).toContain('<h2 id="积分与价格">积分与价格</h2>');
    expect(new Set(headings.map((h) => h.id)).size).toBe(headings.length);
    // The facts the spec gives.
    expect(MANUAL_SOURCE).toContain('03:00');
    expect(MANUAL_SOURCE).toContain('**先扣每日积分**');
    expect(MANUAL_SOURCE).toContain('80%');
  });

  it('renders no raw HTML and opens other sites in a new tab', () => {
    const { html } = renderMarkdown('<img src=x onerror=alert(1)> [站外](https://example.com) [站内](/pay) **粗体** `代码`');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img');
    expect(html).toContain('<a href="https://example.com" target="_blank" rel="noopener noreferrer">站外</a>');
    expect(html).toContain('<a href="/pay">站内</a>');
  });

  it('highlights every hit case-insensitively and clears back to the same text', () => {
    const root = document.createElement('div');
    root.innerHTML = '<p>API 密钥与 api 调用</p><p>另一个 Api</p>';
    const before = root.innerHTML;
    const marks = highlight(root, 'api');
    expect(marks.map((m) => m.textContent)).toEqual(['API', 'api', 'Api']);
    expect(highlight(root, '密钥')).toHaveLength(1);
    clearHighlights(root);
    expect(root.innerHTML).toBe(before);
  });

  it('the page lists the headings, counts search hits and steps through them', async () => {
    Element.prototype.scrollIntoView = jest.fn();
    render(
      <UiProvider>
        <ManualPage source={'## 第一章\n\n积分很重要。\n\n### 小节\n\n再说一次积分。\n\n## 第二章\n\n没有。'} />
      </UiProvider>,
    );
    const toc = screen.getByTestId('manual-toc');
    expect(Array.from(toc.querySelectorAll('a')).map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['第一章', '#第一章'],
      ['小节', '#小节'],
      ['第二章', '#第二章'],
    ]);
    await act(async () => fireEvent.change(screen.getByPlaceholderText('在手册中搜索'), { target: { value: '积分' } }));
    expect(screen.getByTestId('manual-hit-count').textContent).toBe('第 1 / 2 处');
    expect(screen.getByTestId('manual-content').querySelectorAll('mark')).toHaveLength(2);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '下一个' })));
    expect(screen.getByTestId('manual-hit-count').textContent).toBe('第 2 / 2 处');
    fireEvent.click(screen.getByRole('link', { name: '第二章' }));
    expect(decodeURIComponent(window.location.hash)).toBe('#第二章');
    expect(screen.getByRole('link', { name: '第二章' }).getAttribute('aria-current')).toBe('location');
    await act(async () => fireEvent.change(screen.getByPlaceholderText('在手册中搜索'), { target: { value: '不存在的词' } }));
    expect(screen.getByTestId('manual-hit-count').textContent).toBe('没有找到');
  });
});

describe('the FAQ', () => {
  it('parses content/faq.md into groups of questions with answers', () => {
    const groups = parseFaq(FAQ_SOURCE);
    expect(groups.map((g) => g.title)).toEqual(['账号与登录', '积分与充值', '对话与模型', '智能体与知识库', '资源导航']);
    const refresh = groups[1]!.items.find((i) => i.question === '每日积分什么时候刷新？')!;
    expect(refresh.id).toBe('每日积分什么时候刷新');
    expect(refresh.html).toContain('03:00');
    expect(refresh.text).not.toContain('**');
  });

  it('searches questions and answers, every word must match', () => {
    const groups = parseFaq('## 甲\n\n### 问一\n\n答案有积分。\n\n### 问二\n\n别的。\n\n## 乙\n\n### 积分问三\n\n答案。');
    expect(searchFaq(groups, '积分').map((g) => [g.title, g.items.map((i) => i.question)])).toEqual([
      ['甲', ['问一']],
      ['乙', ['积分问三']],
    ]);
    expect(searchFaq(groups, '积分 答案 问三').map((g) => g.title)).toEqual(['乙']);
    expect(searchFaq(groups, '')).toBe(groups);
    expect(searchFaq(groups, '没有')).toEqual([]);
  });

  it('the page filters as you type and opens the matching answers', async () => {
    render(
      <UiProvider>
        <FaqPage />
      </UiProvider>,
    );
    expect(screen.getByText('收不到验证码怎么办？')).toBeTruthy();
    expect(screen.queryByText(/每天 03:00（北京时间）刷新/)).toBeNull();
    await act(async () => fireEvent.change(screen.getByPlaceholderText('搜索常见问题'), { target: { value: '03:00' } }));
    expect(screen.getByText('找到 1 个相关问题')).toBeTruthy();
    expect(screen.queryByText('收不到验证码怎么办？')).toBeNull();
    expect(screen.getByText(/每天 03:00（北京时间）刷新/)).toBeTruthy();
    await act(async () => fireEvent.change(screen.getByPlaceholderText('搜索常见问题'), { target: { value: '火星' } }));
    expect(screen.getByText('没有找到相关问题，可以看看使用手册')).toBeTruthy();
  });
});
