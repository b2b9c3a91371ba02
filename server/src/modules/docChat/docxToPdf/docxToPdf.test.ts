import assert from 'node:assert/strict';
import fs from 'node:fs';
import { describe, it } from 'node:test';
import zlib from 'node:zlib';
import { PAGE_BREAK } from '@qiming/contracts';
import * as fontkit from 'fontkit';
import { PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { pdfText } from '../../uploads/extract/pdf.js';
import { blocksOfHtml } from './blocks.js';
import { fontFile, subsetOf } from './cjkFont.js';
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

  // The text layer alone does not show it: fonts read from WOFF2 (transformed glyf) were embedded with garbled outlines.
  it('embeds the outlines of the characters drawn, the same as in the font files', async () => {
    const text = '年假 Ab';
    const { pdf } = await renderPdf([{ kind: 'paragraph', text }], 1);
    const doc = await PDFDocument.load(pdf);
    const embedded = new Set<string>();
    for (const [, object] of doc.context.enumerateIndirectObjects()) {
      if (!(object instanceof PDFDict) || object.get(PDFName.of('Type'))?.toString() !== '/FontDescriptor') continue;
      const stream = doc.context.lookup(object.get(PDFName.of('FontFile2'))) as PDFRawStream;
      const font = fontkit.create(zlib.inflateSync(stream.contents)) as fontkit.Font;
      for (let id = 0; id < font.numGlyphs; id++) embedded.add(font.getGlyph(id).path.toSVG());
    }
    for (const char of text.replace(' ', '')) {
      const source = fontkit.create(fs.readFileSync(fontFile(subsetOf(char.codePointAt(0)!), 400))) as fontkit.Font;
      const outline = source.glyphForCodePoint(char.codePointAt(0)!).path.toSVG();
      assert.ok(outline.length > 20 && embedded.has(outline), char);
    }
  });

  it('stops at the page limit, and converts a long document page after page', async () => {
    const bytes = await sampleDocx({ filler: 60 });
    await assert.rejects(docxToPdf(bytes, 2), TooManyPages);
    const { pdf, pages } = await docxToPdf(bytes, 500);
    assert.equal((await pdfText(pdf, new AbortController().signal)).split(PAGE_BREAK).length, pages);
    assert.ok(pages >= 4, `${pages} pages`);
  });
});
