import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { AppError } from '../../http/envelope.js';
import { FILE_CODES } from './contract.js';
import { docxText } from './extract/docx.js';
import { OFFICE_MAX_UNPACKED_BYTES } from './extract/zipEntries.js';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { pdfPageCount, pdfText, unifyRadicals } from './extract/pdf.js';
import { DocumentUnreadable, extractContent, OcrEngine, prepareLanguageDir, tidyOcrText, TimeLimitExceeded } from './extract/index.js';
import { zipEntries } from './extract/zipEntries.js';
import { docxWithParagraphs, pdfWithText, pngWithDigits, xlsxWithSheets, zipOf } from './testFiles.js';
import { xlsxText } from './extract/xlsx.js';
import { silentLog } from '../../log.js';


describe('reading uploaded files', () => {
  let dataDir: string;
  before(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qm-extract-'));
  });
  after(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('refuses a document that runs over the time limit with parseFailed and the limit', async () => {
    const pdf = await pdfWithText('Slow', '慢');
    await assert.rejects(
      extractContent({ kind: 'pdf', mime: 'application/pdf', extension: 'pdf' }, pdf, { ocr: null, timeoutMs: 1, log: silentLog }),
      (error: unknown) => error instanceof AppError && error.code === FILE_CODES.parseFailed && error.message === '文件解析失败：解析超时（超过 1 秒），请拆分文件后重试',
    );
  });

  it('refuses a DOCX whose parts declare an absurd unpacked size, before inflating anything', async () => {
    const docx = docxWithParagraphs(['正常的一段']);
    const entries = zipEntries(docx)!;
    assert.deepEqual(
      entries.map((e) => e.name),
      ['[Content_Types].xml', '_rels/.rels', 'word/document.xml'],
    );
    assert.equal(await docxText(docx), '正常的一段');
    // Patch the central directory's "uncompressed size" of the last entry (46-byte header + name before the end record).
    const bomb = Buffer.from(docx);
    const lastHeader = bomb.length - 22 - (46 + 'word/document.xml'.length);
    bomb.writeUInt32LE(OFFICE_MAX_UNPACKED_BYTES + 1, lastHeader + 24);
    await assert.rejects(docxText(bomb), (error: unknown) => error instanceof DocumentUnreadable && error.message === 'DOCX 文件解压后过大');
    await assert.rejects(docxText(zipOf({ 'a.txt': 'x' })), (error: unknown) => error instanceof DocumentUnreadable && error.message === 'DOCX 文件已损坏或格式不正确');
  });

  it('reads an Excel workbook sheet by sheet, each row a paragraph of 列名：值 pairs', async () => {
    const workbook = xlsxWithSheets({
      价目表: [
        ['产品', '价格', '备注'],
        ['标准版', 99, null],
        [null, null, null],
        ['专业版', 299, '含发票'],
      ],
      说明: [['只有一行，没有表头']],
      空表: [],
    });
    assert.equal(await xlsxText(workbook), ['## 价目表', '产品：标准版；价格：99', '产品：专业版；价格：299；备注：含发票', '## 说明', '只有一行，没有表头'].join('\n\n'));
    await assert.rejects(xlsxText(zipOf({ 'not-a-workbook.txt': 'x' })), /XLSX 文件已损坏或格式不正确/);
  });

  it('reads a PDF a page at a time and stops once it has the characters extraction keeps', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    for (let n = 1; n <= 5; n++) doc.addPage([300, 200]).drawText(`page ${n} text`, { x: 20, y: 100, font, size: 12 });
    const bytes = Buffer.from(await doc.save());
    const signal = new AbortController().signal;
    assert.equal(await pdfText(bytes, signal), ['page 1 text', 'page 2 text', 'page 3 text', 'page 4 text', 'page 5 text'].join('\n\f\n'));
    assert.equal(await pdfText(bytes, signal, 15), 'page 1 text\n\f\npage 2 text');
    assert.equal(await pdfPageCount(bytes), 5);
  });

  it('reads Kangxi radicals as the ideographs they stand for (PDFs printed by Chromium with Noto CJK)', () => {
    assert.equal(unifyRadicals('第⼀章 ⼆零⼀零年，⽤电'), '第一章 二零一零年，用电');
    assert.equal(unifyRadicals('全角，标点！'), '全角，标点！');
  });

  it('keeps a page without text as a page, so the pages after it keep their numbers', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    doc.addPage([300, 200]).drawText('first', { x: 20, y: 100, font, size: 12 });
    doc.addPage([300, 200]);
    doc.addPage([300, 200]).drawText('third', { x: 20, y: 100, font, size: 12 });
    doc.addPage([300, 200]);
    const text = await pdfText(Buffer.from(await doc.save()), new AbortController().signal);
    assert.deepEqual(text.split('\f').map((page) => page.trim()), ['first', '', 'third']);
  });

  it('tidies OCR text: no spaces between Chinese characters, no trailing blanks', () => {
    assert.equal(tidyOcrText('会 议 纪 要 2025 年\n\n\n\n第 二 行 ABC  \n'), '会议纪要 2025 年\n\n第二行 ABC');
  });

  it('OCR: a recognition over its time limit fails and the next image gets a fresh worker', async () => {
    const engine = new OcrEngine({ languageDir: () => prepareLanguageDir(dataDir), log: silentLog });
    const digitsOf = async (digits: string) => (await engine.recognize(pngWithDigits(digits), 30_000)).replace(/\s+/g, '');
    try {
      await assert.rejects(engine.recognize(pngWithDigits('1111'), 1), TimeLimitExceeded);
      assert.equal(await digitsOf('2468'), '2468');
      // A failed OCR keeps the upload: empty text, not OCR'd.
      const broken = Buffer.concat([pngWithDigits('1').subarray(0, 60), Buffer.alloc(100)]);
      assert.deepEqual(await extractContent({ kind: 'image', mime: 'image/png', extension: 'png' }, broken, { ocr: engine, timeoutMs: 30_000, log: silentLog }), { text: '', ocr: false });
      assert.equal(await digitsOf('3579'), '3579');
    } finally {
      await engine.close();
    }
    const files = fs.readdirSync(fs.readdirSync(dataDir).map((name) => path.join(dataDir, name))[0]!).sort();
    assert.deepEqual(files, ['chi_sim.traineddata.gz', 'eng.traineddata.gz'], 'the models are copied from the packages; nothing else is written');
  });

  it('OCR: an idle worker is terminated (its memory given back), and the next image starts a new one', async () => {
    const engine = new OcrEngine({ languageDir: () => prepareLanguageDir(dataDir), log: silentLog, idleMs: 200 });
    try {
      assert.equal((await engine.recognize(pngWithDigits('1357'), 30_000)).replace(/\s+/g, ''), '1357');
      assert.equal(engine.hasWorker, true);
      await new Promise((resolve) => setTimeout(resolve, 600));
      assert.equal(engine.hasWorker, false, 'idle for longer than idleMs');
      assert.equal((await engine.recognize(pngWithDigits('2468'), 30_000)).replace(/\s+/g, ''), '2468');
    } finally {
      await engine.close();
    }
  });
});
