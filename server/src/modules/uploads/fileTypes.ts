import { fileTypeFromBuffer } from 'file-type';
import type { UploadKind } from './contract.js';
import { extensionOf, FILE_LIMITS } from './contract.js';
import { decodeText, type DecodedText } from './textDecoding.js';

/** What an upload really is, read from its bytes. */
export interface SniffedFile {
  kind: Exclude<UploadKind, 'other'>;
  /** The real type (text kinds carry their charset). */
  mime: string;
  /** The real type's extension, what the per-model rules are checked against (jpg for any JPEG). */
  extension: string;
  /** Text files: the decoded content. */
  decoded?: DecodedText;
}

export type Classification = { ok: true; file: SniffedFile } | { ok: false; code: 'typeMismatch' | 'typeNotAccepted'; message: string };

interface BinaryType {
  kind: 'pdf' | 'docx' | 'xlsx' | 'image';
  label: string;
  /** Extensions a file of this type may carry; the first is its canonical one. */
  extensions: string[];
}

const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Binary types the server reads (PDF text, DOCX text, XLSX cells, OCR of images), by the sniffed MIME type. */
const READABLE_BINARY: Record<string, BinaryType> = {
  'application/pdf': { kind: 'pdf', label: 'PDF 文档', extensions: ['pdf'] },
  [DOCX_MIME]: { kind: 'docx', label: 'Word 文档（.docx）', extensions: ['docx'] },
  [XLSX_MIME]: { kind: 'xlsx', label: 'Excel 表格（.xlsx）', extensions: ['xlsx'] },
  'image/png': { kind: 'image', label: 'PNG 图片', extensions: ['png'] },
  'image/jpeg': { kind: 'image', label: 'JPEG 图片', extensions: ['jpg', 'jpeg', 'jpe', 'jfif'] },
  'image/webp': { kind: 'image', label: 'WebP 图片', extensions: ['webp'] },
  'image/gif': { kind: 'image', label: 'GIF 图片', extensions: ['gif'] },
  'image/bmp': { kind: 'image', label: 'BMP 图片', extensions: ['bmp'] },
};

const IMAGE_EXTENSIONS = new Set(Object.values(READABLE_BINARY).filter((t) => t.kind === 'image').flatMap((t) => t.extensions));
const BINARY_EXTENSIONS = new Set(Object.values(READABLE_BINARY).flatMap((t) => t.extensions));

/** Extensions of plain text, markdown, data and source code files, read as text. */
export const TEXT_EXTENSIONS = new Set(
  (
    'txt text md markdown mdx rst adoc org tex log csv tsv json jsonl ndjson xml yaml yml toml ini cfg conf properties env ' +
    'html htm css scss sass less js mjs cjs jsx ts mts cts tsx vue svelte py pyi ipynb java kt kts scala groovy gradle go rs ' +
    'c h cc cpp cxx hpp hh hxx m mm cs fs vb php rb swift dart lua pl pm r jl sh bash zsh fish ps1 bat cmd sql graphql gql ' +
    'proto thrift srt vtt diff patch'
  ).split(' '),
);
/** Text files usually named without an extension. */
const TEXT_FILE_NAMES = new Set(['dockerfile', 'makefile', 'readme', 'license', 'changelog', 'gemfile', 'procfile']);

/** Names of common other types, for the refusal messages. */
const OTHER_LABELS: Record<string, string> = {
  zip: 'ZIP 压缩包',
  rar: 'RAR 压缩包',
  '7z': '7z 压缩包',
  gz: 'gzip 压缩包',
  tar: 'tar 归档文件',
  elf: 'ELF 可执行文件',
  exe: 'Windows 可执行文件',
  cfb: '旧版 Office 文档（.doc/.xls/.ppt）',
  xlsx: 'Excel 表格（.xlsx）',
  pptx: 'PowerPoint 演示文稿（.pptx）',
  xml: 'XML 文件',
  ico: 'ICO 图标',
  tif: 'TIFF 图片',
  heic: 'HEIC 图片',
  avif: 'AVIF 图片',
};

function labelOf(sniffed: { ext: string; mime: string }): string {
  const known = READABLE_BINARY[sniffed.mime]?.label ?? OTHER_LABELS[sniffed.ext];
  if (known) return known;
  const family = sniffed.mime.startsWith('image/') ? '图片' : sniffed.mime.startsWith('audio/') ? '音频' : sniffed.mime.startsWith('video/') ? '视频' : '文件';
  return `${sniffed.ext.toUpperCase()} ${family}`;
}

const TEXT_MIMES: Record<string, string> = { md: 'text/markdown', markdown: 'text/markdown', csv: 'text/csv', json: 'application/json' };

/** Text is served as text/plain (never text/html): the bytes are the user's, not pages of this site. */
function textMime(extension: string, charset: DecodedText['charset']): string {
  return `${TEXT_MIMES[extension] ?? 'text/plain'}; charset=${charset}`;
}

const isTextName = (name: string, extension: string) => TEXT_EXTENSIONS.has(extension) || (extension === '' && TEXT_FILE_NAMES.has(name.trim().toLowerCase()));

/** What the extension claims the file is, for the mismatch messages. */
const claimsReadableType = (extension: string) => BINARY_EXTENSIONS.has(extension) || TEXT_EXTENSIONS.has(extension);

/** `what` completes the sentence: "实际是 PNG 图片", "不是有效的 PDF 文件". */
function mismatch(name: string, what: string): Classification {
  return { ok: false, code: 'typeMismatch', message: `文件内容与扩展名不符：${name} ${what}` };
}

function notAccepted(message: string): Classification {
  return { ok: false, code: 'typeNotAccepted', message };
}

const SUPPORTED_HINT = '支持 PDF、Word（.docx）、Excel（.xlsx）、图片（PNG/JPEG/WebP/GIF/BMP）以及文本、Markdown、代码、CSV、JSON 等文本文件';

/**
 * Decides what a file is from its bytes (file-type's magic numbers, or a clean text decoding),
 * never from the name or the browser's MIME type; the extension only has to agree with it.
 *
 * - Text: the extension is a text one and the bytes decode as text. Checked first, because a few
 *   magic numbers are weak ("BM" opens a BMP and also a text that starts with "BMW").
 * - A readable binary type (PDF, DOCX, PNG, JPEG, WebP, GIF, BMP): the extension must be one of
 *   its own; an image named with another image extension is accepted as what it really is; a
 *   name without an extension makes no claim.
 * - Anything else: a mismatch when the extension claims a type we read, otherwise not accepted.
 */
export async function classifyUpload(name: string, bytes: Uint8Array): Promise<Classification> {
  const extension = extensionOf(name);
  // The text kept is what extraction keeps at most (before control characters are removed: a little more).
  const decoded = decodeText(bytes, FILE_LIMITS.textMaxChars * 2);
  if (decoded && isTextName(name, extension)) {
    return { ok: true, file: { kind: 'text', mime: textMime(extension, decoded.charset), extension, decoded } };
  }

  const sniffed = await fileTypeFromBuffer(bytes);
  const readable = sniffed ? READABLE_BINARY[sniffed.mime] : undefined;
  if (sniffed && readable) {
    const agrees = extension === '' || readable.extensions.includes(extension) || (readable.kind === 'image' && IMAGE_EXTENSIONS.has(extension));
    if (!agrees) return mismatch(name, `实际是 ${readable.label}`);
    return { ok: true, file: { kind: readable.kind, mime: sniffed.mime, extension: readable.extensions[0]! } };
  }

  if (sniffed) {
    if (claimsReadableType(extension)) return mismatch(name, `实际是 ${labelOf(sniffed)}`);
    if (sniffed.ext === 'cfb') return notAccepted('暂不支持旧版 Office 格式（.doc/.xls/.ppt），请另存为 .docx、.xlsx 或 PDF 后上传');
    return notAccepted(`暂不支持上传 ${labelOf(sniffed)}，${SUPPORTED_HINT}`);
  }

  if (decoded) {
    if (BINARY_EXTENSIONS.has(extension)) return mismatch(name, '实际是文本文件');
    return notAccepted(extension ? `暂不支持 .${extension} 文件，${SUPPORTED_HINT}` : `无法识别没有扩展名的文件，${SUPPORTED_HINT}`);
  }
  if (TEXT_EXTENSIONS.has(extension)) return mismatch(name, '实际是二进制文件，不是文本');
  if (BINARY_EXTENSIONS.has(extension)) return mismatch(name, `不是有效的 ${extension.toUpperCase()} 文件`);
  return notAccepted(`暂不支持该文件类型，${SUPPORTED_HINT}`);
}
