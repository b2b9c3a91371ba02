/** @jest-environment jsdom */
import { renderedText } from './copyAnswer';

function answer(html: string): HTMLElement {
  const el = document.createElement('div');
  el.innerHTML = html;
  return el;
}

describe('copying an answer', () => {
  it('copies tables only as tab-separated rows in the tables-only mode', () => {
    const el = answer('<p>前言</p><table><tr><th>模型</th><th>价格</th></tr><tr><td>gpt-4o</td><td> 600 </td></tr></table><p>结尾</p>');
    expect(renderedText(el, true)).toBe('模型\t价格\ngpt-4o\t600');
  });

  it('copies the whole text when there is no table or the mode is all text', () => {
    expect(renderedText(answer('<p>只有文字</p>'), true)).toBe('只有文字');
    expect(renderedText(answer('<p>前言</p><table><tr><td>a</td></tr></table>'), false)).toContain('前言');
  });
});
