/**
 * Real files of every type the upload tests send, made in memory: a PDF with an English line in a
 * standard font and a Chinese line in a Type0 font with a ToUnicode map (what text extraction
 * reads; no glyph outlines are needed), a DOCX (a ZIP written here), a PNG with digits drawn as
 * anti-aliased strokes (for OCR), and multipart bodies as a browser sends them.
 */
import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import { beginText, endText, moveText, PDFDocument, PDFHexString, PDFName, PDFString, popGraphicsState, pushGraphicsState, setFontAndSize, showText, StandardFonts } from 'pdf-lib';
import { PNG } from 'pngjs';

export async function pdfWithText(english: string, chinese: string): Promise<Buffer> {
  return pdfOfPages([{ english, chinese: [chinese] }]);
}

/**
 * A PDF of several pages, each with an optional English line and Chinese lines (18 pt, one under
 * the other), all in one Type0 font whose ToUnicode map covers every Chinese character used.
 */
export async function pdfOfPages(pages: ReadonlyArray<{ english?: string; chinese: readonly string[] }>): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const latin = await doc.embedFont(StandardFonts.Helvetica);
  const characters = [...new Set(pages.flatMap((page) => page.chinese).join(''))];
  const cidOf = new Map(characters.map((c, index) => [c, (index + 1).toString(16).padStart(4, '0')]));
  const unicode = (c: string) => c.codePointAt(0)!.toString(16).padStart(4, '0');
  const toUnicode = [
    '/CIDInit /ProcSet findresource begin 12 dict begin begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
    '/CMapName /Adobe-Identity-UCS def /CMapType 2 def',
    '1 begincodespacerange <0000> <FFFF> endcodespacerange',
    // A bfchar block holds at most 100 entries.
    ...Array.from({ length: Math.ceil(characters.length / 100) }, (_, block) => {
      const part = characters.slice(block * 100, block * 100 + 100);
      return [`${part.length} beginbfchar`, ...part.map((c) => `<${cidOf.get(c)}> <${unicode(c)}>`), 'endbfchar'].join('\n');
    }),
    'endcmap CMapName currentdict /CMap defineresource pop end end',
  ].join('\n');
  const context = doc.context;
  const descriptor = context.register(context.obj({ Type: 'FontDescriptor', FontName: 'SimSun', Flags: 4, FontBBox: [0, -141, 1000, 859], ItalicAngle: 0, Ascent: 859, Descent: -141, CapHeight: 700, StemV: 80 }));
  const cidFont = context.register(
    context.obj({ Type: 'Font', Subtype: 'CIDFontType2', BaseFont: 'SimSun', CIDSystemInfo: { Registry: PDFString.of('Adobe'), Ordering: PDFString.of('Identity'), Supplement: 0 }, FontDescriptor: descriptor, DW: 1000 }),
  );
  const font = context.register(context.obj({ Type: 'Font', Subtype: 'Type0', BaseFont: 'SimSun', Encoding: 'Identity-H', DescendantFonts: [cidFont], ToUnicode: context.register(context.stream(toUnicode)) }));
  for (const { english, chinese } of pages) {
    const page = doc.addPage([595, 842]);
    if (english) page.drawText(english, { x: 50, y: 780, font: latin, size: 20 });
    page.node.setFontDictionary(PDFName.of('FCJK'), font);
    chinese.forEach((line, index) => {
      const hex = [...line].map((c) => cidOf.get(c)!).join('');
      page.pushOperators(pushGraphicsState(), beginText(), setFontAndSize('FCJK', 18), moveText(50, 740 - index * 24), showText(PDFHexString.of(hex)), endText(), popGraphicsState());
    });
  }
  return Buffer.from(await doc.save());
}

/** A ZIP archive (deflated entries), as Office and every zip tool write them. */
export function zipOf(files: Record<string, string | Uint8Array>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(files)) {
    const data = Buffer.from(content);
    const packed = zlib.deflateRawSync(data);
    const fileName = Buffer.from(name);
    const crc = zlib.crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, packed);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A minimal valid Word document: one paragraph per string. */
export function docxWithParagraphs(paragraphs: string[]): Buffer {
  const xml = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
  return zipOf({
    '[Content_Types].xml': `${xml}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`,
    '_rels/.rels': `${xml}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`,
    'word/document.xml': `${xml}<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${paragraphs.map((p) => `<w:p><w:r><w:t xml:space="preserve">${escapeXml(p)}</w:t></w:r></w:p>`).join('')}</w:body></w:document>`,
  });
}

/** An Excel workbook (.xlsx) with one worksheet per entry; strings go through the shared-strings part, as Excel writes them. */
export function xlsxWithSheets(sheets: Record<string, Array<Array<string | number | null>>>): Buffer {
  const xml = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
  const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const strings: string[] = [];
  const stringIndex = (text: string) => (strings.includes(text) ? strings.indexOf(text) : strings.push(text) - 1);
  const column = (index: number) => String.fromCharCode(65 + index);
  const names = Object.keys(sheets);
  const worksheets = Object.fromEntries(
    names.map((name, n) => {
      const rows = sheets[name]!.map((row, r) => {
        const cells = row.map((value, c) => {
          const ref = `${column(c)}${r + 1}`;
          if (value === null) return '';
          return typeof value === 'number' ? `<c r="${ref}"><v>${value}</v></c>` : `<c r="${ref}" t="s"><v>${stringIndex(value)}</v></c>`;
        });
        return `<row r="${r + 1}">${cells.join('')}</row>`;
      });
      return [`xl/worksheets/sheet${n + 1}.xml`, `${xml}<worksheet xmlns="${main}"><sheetData>${rows.join('')}</sheetData></worksheet>`];
    }),
  );
  return zipOf({
    '[Content_Types].xml': `${xml}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>${names.map((_, n) => `<Override PartName="/xl/worksheets/sheet${n + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`).join('')}<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`,
    '_rels/.rels': `${xml}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `${xml}<workbook xmlns="${main}" xmlns:r="${rel}"><sheets>${names.map((name, n) => `<sheet name="${escapeXml(name)}" sheetId="${n + 1}" r:id="rId${n + 1}"/>`).join('')}</sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `${xml}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${names.map((_, n) => `<Relationship Id="rId${n + 1}" Type="${rel}/worksheet" Target="worksheets/sheet${n + 1}.xml"/>`).join('')}<Relationship Id="rId${names.length + 1}" Type="${rel}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    ...worksheets,
    'xl/sharedStrings.xml': `${xml}<sst xmlns="${main}" count="${strings.length}" uniqueCount="${strings.length}">${strings.map((text) => `<si><t xml:space="preserve">${escapeXml(text)}</t></si>`).join('')}</sst>`,
  });
}

type Point = [number, number];

/** Points on an ellipse from angle a0 to a1 (degrees, 0 = right, 90 = down: y grows downwards). */
function arc(cx: number, cy: number, rx: number, ry: number, a0: number, a1: number, steps = 24): Point[] {
  return Array.from({ length: steps + 1 }, (_, i) => {
    const a = ((a0 + ((a1 - a0) * i) / steps) * Math.PI) / 180;
    return [cx + rx * Math.cos(a), cy + ry * Math.sin(a)] as Point;
  });
}

/** Digits as strokes in a 10 × 16 box, shaped like a plain sans-serif face. */
const DIGITS: Record<string, Point[][]> = {
  '0': [arc(5, 8, 4, 7.5, 0, 360, 40)],
  '1': [
    [
      [2.5, 3.5],
      [6, 0.5],
      [6, 15.5],
    ],
  ],
  '2': [[...arc(5, 4.5, 4, 4, 180, 400), [1, 15.5], [9.5, 15.5]]],
  '3': [[...arc(5, 4.25, 4, 3.75, 200, 450), ...arc(5, 11.75, 4.25, 3.75, 270, 520)]],
  '4': [
    [
      [7.5, 15.5],
      [7.5, 0.5],
      [0.5, 11],
      [9.5, 11],
    ],
  ],
  '5': [[[9, 0.5], [1.5, 0.5], [1, 7.5], ...arc(5, 10.5, 4.2, 5, 220, 520)]],
  '6': [arc(5, 11, 4, 4.5, 0, 360, 32), arc(8.5, 11, 7.5, 10.5, 180, 265)],
  '7': [
    [
      [0.5, 0.5],
      [9.5, 0.5],
      [4, 15.5],
    ],
  ],
  '8': [arc(5, 4.25, 3.5, 3.75, 0, 360, 32), arc(5, 11.75, 4.2, 3.75, 0, 360, 32)],
  '9': [arc(5, 5, 4, 4.5, 0, 360, 32), arc(1.5, 5, 7.5, 10.5, 0, 85)],
};

function distanceToSegment(x: number, y: number, [ax, ay]: Point, [bx, by]: Point): number {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy || 1)));
  return Math.hypot(x - ax - t * dx, y - ay - t * dy);
}

/** Black digits (and spaces) on white, anti-aliased: `scale` pixels per unit of the 10 × 16 glyph box. */
export function pngWithDigits(text: string, scale = 2, stroke = 1.2): Buffer {
  const advance = 14;
  const margin = 8;
  const width = Math.ceil((margin * 2 + text.length * advance) * scale);
  const height = Math.ceil((margin * 2 + 16) * scale);
  const png = new PNG({ width, height });
  png.data.fill(255);
  const segments: Array<[Point, Point]> = [];
  [...text].forEach((character, i) => {
    for (const line of DIGITS[character] ?? []) {
      const placed = line.map(([x, y]): Point => [margin + i * advance + x, margin + y]);
      for (let k = 1; k < placed.length; k++) segments.push([placed[k - 1]!, placed[k]!]);
    }
  });
  for (let py = 0; py < height; py++) {
    for (let px = 0; px < width; px++) {
      const x = (px + 0.5) / scale;
      const y = (py + 0.5) / scale;
      let distance = Infinity;
      for (const [a, b] of segments) distance = Math.min(distance, distanceToSegment(x, y, a, b));
      const cover = Math.max(0, Math.min(1, (stroke / 2 - distance) * scale + 0.5));
      const offset = (py * width + px) * 4;
      png.data.fill(Math.round(255 * (1 - cover)), offset, offset + 3);
    }
  }
  return PNG.sync.write(png);
}

/** A tiny valid PNG of one colour (for checks that need a real image but no text). */
export function plainPng(width = 4, height = 4): Buffer {
  const png = new PNG({ width, height });
  png.data.fill(200);
  return PNG.sync.write(png);
}

/** A 64-byte ELF header (x86-64 executable), what a compiled program starts with. */
export function elfBytes(): Buffer {
  const header = Buffer.alloc(64);
  Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]).copy(header);
  header.writeUInt16LE(2, 16); // executable
  header.writeUInt16LE(0x3e, 18); // x86-64
  header.writeUInt32LE(1, 20);
  return Buffer.concat([header, randomBytes(200)]);
}

export interface MultipartPart {
  name: string;
  value: string | Buffer;
  /** Set for a file part. */
  filename?: string;
  contentType?: string;
}

/** A multipart/form-data body and its content type, as a browser's FormData sends it. */
export function multipart(parts: MultipartPart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----qmTestBoundary${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename}"` : ''}`;
    const type = part.filename !== undefined ? `\r\nContent-Type: ${part.contentType ?? 'application/octet-stream'}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`), Buffer.from(part.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
