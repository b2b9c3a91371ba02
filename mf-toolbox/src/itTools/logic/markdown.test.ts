// jsdom: DOMPurify needs a window.
import { renderMarkdown } from './markdown';

describe('Markdown', () => {
  it('renders Markdown and strips scripts, handlers and javascript: links', () => {
    const html = renderMarkdown('# 标题\n\n**粗** [链接](javascript:alert(1)) <a href="javascript:alert(1)">a</a> <img src=x onerror="alert(1)"><script>alert(1)</script>\n\n| a |\n| - |\n| 1 |');
    expect(html).toContain('<h1>标题</h1>');
    expect(html).toContain('<strong>粗</strong>');
    expect(html).toContain('<table>');
    expect(html).not.toMatch(/<script|onerror|href="javascript:/i);
  });
});
