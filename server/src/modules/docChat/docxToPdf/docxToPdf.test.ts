import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PAGE_BREAK } from '@qiming/contracts';
import { pdfText } from '../../uploads/extract/pdf.js';
import { blocksOfHtml } from './blocks.js';
import { docxToPdf, TooManyPages } from './index.js';
import { renderPdf } from './render.js';
import { sampleDocx } from './testDocx.js';

describe('Word to PDF', () => {
  it("reads mammoth's structure: headings, nested lists with their numbers, tables with their own rows, line breaks", () => {
    const html =
      '<h2>一、总则</h2><p>第一行<br />第二行</p><ol><li>申请<ul><li>线上</li></ul></li><li>审批</li></ol>' +
      '<table><thead><tr><th><p>项目</p></th><th>金额</th></tr></thead><tbody><tr><td>差旅<table><tr><td>内层</td></tr></table></td><td>100 元</td></tr></tbody></table><p><img src="" /></p>';
    assert.deepEqual(blocksOfHtml(html), [
      { kind: 'heading', level: 2, text: '一、总则' },
      { kind: 'paragraph', text: '第一行\n第二行' },
      { kind: 'listItem', depth: 0, marker: '1.', text: '申请' },
      { kind: 'listItem', depth: 1, marker: '◦', text: '线上' },
      { kind: 'listItem', depth: 0, marker: '2.', text: '审批' },
      { kind: 'table', rows: [['项目', '金额'], ['差旅\n内层', '100 元']] },
    ]);
  });

  it('wraps long lines, a word longer than the line included, without losing text', async () => {
    const url = `https://example.com/${'a'.repeat(150)}`;
    const long = '长'.repeat(120);
    const { pdf, pages } = await renderPdf([{ kind: 'paragraph', text: `${long} ${url}` }], 5);
    assert.equal(pages, 1);
    const text = (await pdfText(pdf, new AbortController().signal)).replace(/\n/g, '');
    assert.ok(text.includes(long) && text.includes(url), text);
  });

  it('stops at the page limit, and converts a long document page after page', async () => {
    const bytes = await sampleDocx({ filler: 60 });
    await assert.rejects(docxToPdf(bytes, 2), TooManyPages);
    const { pdf, pages } = await docxToPdf(bytes, 500);
    assert.equal((await pdfText(pdf, new AbortController().signal)).split(PAGE_BREAK).length, pages);
    assert.ok(pages >= 4, `${pages} pages`);
  });
});
