import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { classifyUpload } from './fileTypes.js';
import { docxWithParagraphs, elfBytes, pdfWithText, plainPng, zipOf } from './testFiles.js';
import { decodeText } from './textDecoding.js';

const ok = async (name: string, bytes: Uint8Array) => {
  const result = await classifyUpload(name, bytes);
  assert.ok(result.ok, `${name}: ${result.ok ? '' : result.message}`);
  return result.file;
};
const refused = async (name: string, bytes: Uint8Array) => {
  const result = await classifyUpload(name, bytes);
  assert.ok(!result.ok, `${name} should be refused`);
  return { code: result.code, message: result.message };
};

describe('upload type sniffing', () => {
  it('reads the real type from the bytes: PDF, DOCX, PNG, JPEG', async () => {
    assert.deepEqual(await ok('报告.pdf', await pdfWithText('Hello', '你好')), { kind: 'pdf', mime: 'application/pdf', extension: 'pdf' });
    assert.equal((await ok('纪要.docx', docxWithParagraphs(['一段']))).kind, 'docx');
    assert.deepEqual(await ok('a.png', plainPng()), { kind: 'image', mime: 'image/png', extension: 'png' });
    const jpeg = Buffer.from('ffd8ffe000104a46494600010100000100010000ffdb', 'hex');
    assert.deepEqual(await ok('photo.JPEG', jpeg), { kind: 'image', mime: 'image/jpeg', extension: 'jpg' });
  });

  it('accepts an image under another image extension as what it is, and a name without extension', async () => {
    assert.deepEqual(await ok('screenshot.jpg', plainPng()), { kind: 'image', mime: 'image/png', extension: 'png' });
    assert.equal((await ok('截图', plainPng())).mime, 'image/png');
  });

  it('takes text, markdown and code files with a text extension when the bytes are text', async () => {
    const md = await ok('说明.md', Buffer.from('# 标题\n\n正文'));
    assert.equal(md.kind, 'text');
    assert.equal(md.mime, 'text/markdown; charset=utf-8');
    assert.equal(md.decoded?.text, '# 标题\n\n正文');
    assert.equal((await ok('main.ts', Buffer.from('export const x: number = 1;\n'))).mime, 'text/plain; charset=utf-8');
    assert.equal((await ok('Dockerfile', Buffer.from('FROM node:20\n'))).kind, 'text');
    // "BM" opens a BMP as well: a text file that starts so is still text.
    assert.equal((await ok('cars.txt', Buffer.from('BMW 和奔驰的对比'))).kind, 'text');
    // XML has a magic of its own in file-type; named as text and decoding as text, it is text.
    assert.equal((await ok('pom.xml', Buffer.from('<?xml version="1.0"?><project/>'))).kind, 'text');
  });

  it('decodes GBK / GB18030 and UTF-16 with a byte-order mark; refuses NUL-laden or invalid bytes', () => {
    const gbk = Buffer.from('c4e3bac3a3accac0bde7', 'hex'); // 你好，世界 in GBK
    assert.deepEqual(decodeText(gbk), { text: '你好，世界', charset: 'gb18030' });
    assert.deepEqual(decodeText(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('hi 你好', 'utf16le')])), { text: 'hi 你好', charset: 'utf-16le' });
    assert.deepEqual(decodeText(Buffer.from('\ufeffwith bom')), { text: 'with bom', charset: 'utf-8' });
    assert.equal(decodeText(Buffer.from([0x41, 0x00, 0x42])), null);
    // checked whole, kept bounded: a NUL in the last megabyte still makes it binary; the text kept is the start
    const long = Buffer.from('长文本 line\n'.repeat(300_000));
    assert.deepEqual(decodeText(long, 10), { text: '长文本 line\n长', charset: 'utf-8' });
    assert.equal(decodeText(Buffer.concat([long, Buffer.from([0])]), 10), null);
    assert.equal(decodeText(Buffer.from([0x80, 0xff, 0x81])), null);
    assert.equal(decodeText(Buffer.from('\u0001\u0002\u0003\u0004 mostly control')), null);
  });

  it('calls a binary behind a readable extension a mismatch, naming what it really is', async () => {
    assert.deepEqual(await refused('notes.txt', plainPng()), { code: 'typeMismatch', message: '文件内容与扩展名不符：notes.txt 实际是 PNG 图片' });
    assert.deepEqual(await refused('paper.pdf', elfBytes()), { code: 'typeMismatch', message: '文件内容与扩展名不符：paper.pdf 实际是 ELF 可执行文件' });
    assert.deepEqual(await refused('paper.pdf', zipOf({ 'a.txt': 'x' })), { code: 'typeMismatch', message: '文件内容与扩展名不符：paper.pdf 实际是 ZIP 压缩包' });
    assert.deepEqual(await refused('photo.png', await pdfWithText('a', '文')), { code: 'typeMismatch', message: '文件内容与扩展名不符：photo.png 实际是 PDF 文档' });
    assert.deepEqual(await refused('scan.pdf', Buffer.from('just text')), { code: 'typeMismatch', message: '文件内容与扩展名不符：scan.pdf 实际是文本文件' });
    assert.deepEqual(await refused('data.csv', Buffer.from([0x00, 0x01, 0x02, 0x03, 0xfe, 0xff])), { code: 'typeMismatch', message: '文件内容与扩展名不符：data.csv 实际是二进制文件，不是文本' });
  });

  it('refuses types it does not read, with what is supported', async () => {
    const zip = await refused('backup.zip', zipOf({ 'a.txt': 'x' }));
    assert.equal(zip.code, 'typeNotAccepted');
    assert.match(zip.message, /^暂不支持上传 ZIP 压缩包，支持 PDF、Word（\.docx）、Excel（\.xlsx）、图片/);
    const doc = await refused('old.doc', Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(600)]));
    assert.deepEqual(doc, { code: 'typeNotAccepted', message: '暂不支持旧版 Office 格式（.doc/.xls/.ppt），请另存为 .docx、.xlsx 或 PDF 后上传' });
    assert.match((await refused('notes.abc', Buffer.from('plain words'))).message, /^暂不支持 \.abc 文件，/);
  });
});
