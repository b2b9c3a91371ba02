import mammoth from 'mammoth';
import { parseHTML } from 'linkedom';

/** What a Word document becomes before it is laid out: its text with the structure a reader sees. */
export type Block =
  | { kind: 'heading'; level: number; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'listItem'; depth: number; marker: string; text: string }
  | { kind: 'table'; rows: string[][] };

/** The part of linkedom's DOM read here (the server is compiled without the DOM types). */
interface DomNode {
  nodeType: number;
  nodeName: string;
  textContent: string | null;
  childNodes: ArrayLike<DomNode>;
}

const tagOf = (node: DomNode) => node.nodeName.toLowerCase();
const elements = (node: DomNode) => Array.from(node.childNodes).filter((child) => child.nodeType === 1);

const squeeze = (text: string) =>
  text
    .split('\n')
    .map((line) => line.replace(/\s+/gu, ' ').trim())
    .join('\n')
    .replace(/\n{2,}/gu, '\n')
    .trim();

/** An element's text: <br> and block children are line breaks; nested lists and images are left out. */
function textOf(node: DomNode, skipLists = false): string {
  let out = '';
  for (const child of Array.from(node.childNodes)) {
    if (child.nodeType === 3) out += child.textContent ?? '';
    else if (child.nodeType === 1) {
      const tag = tagOf(child);
      if (tag === 'br') out += '\n';
      else if (skipLists && (tag === 'ul' || tag === 'ol')) continue;
      else if (['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'li', 'tr', 'table', 'ul', 'ol'].includes(tag)) out += `\n${textOf(child)}\n`;
      else if (tag === 'td' || tag === 'th') out += `${textOf(child)} `;
      else out += textOf(child);
    }
  }
  return out;
}

function listBlocks(list: DomNode, depth: number, blocks: Block[]): void {
  const ordered = tagOf(list) === 'ol';
  let number = 0;
  for (const item of elements(list)) {
    if (tagOf(item) !== 'li') continue;
    number += 1;
    const text = squeeze(textOf(item, true));
    if (text) blocks.push({ kind: 'listItem', depth, marker: ordered ? `${number}.` : depth % 2 === 0 ? '•' : '◦', text });
    for (const nested of elements(item)) {
      const tag = tagOf(nested);
      if (tag === 'ul' || tag === 'ol') listBlocks(nested, depth + 1, blocks);
    }
  }
}

/** The table's own rows (in thead/tbody or not); a table nested in a cell is read as that cell's text. */
function ownRows(node: DomNode): DomNode[] {
  return elements(node).flatMap((child) => (tagOf(child) === 'tr' ? [child] : ['thead', 'tbody', 'tfoot'].includes(tagOf(child)) ? ownRows(child) : []));
}

function tableRows(table: DomNode): string[][] {
  const rows: string[][] = [];
  for (const row of ownRows(table)) {
    const cells = elements(row)
      .filter((cell) => /^t[dh]$/.test(tagOf(cell)))
      .map((cell) => squeeze(textOf(cell)));
    if (cells.some((cell) => cell !== '')) rows.push(cells);
  }
  return rows;
}

/** The blocks of mammoth's HTML, in order. */
export function blocksOfHtml(html: string): Block[] {
  const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
  const blocks: Block[] = [];
  for (const element of elements(document.body as unknown as DomNode)) {
    const tag = tagOf(element);
    const heading = /^h([1-6])$/.exec(tag);
    if (heading) {
      const text = squeeze(textOf(element));
      if (text) blocks.push({ kind: 'heading', level: Number(heading[1]), text });
    } else if (tag === 'ul' || tag === 'ol') listBlocks(element, 0, blocks);
    else if (tag === 'table') {
      const rows = tableRows(element);
      if (rows.length > 0) blocks.push({ kind: 'table', rows });
    } else {
      const text = squeeze(textOf(element));
      if (text) blocks.push({ kind: 'paragraph', text });
    }
  }
  return blocks;
}

/** A DOCX's blocks through mammoth (Word's heading styles become headings, its numbering lists); images are dropped, not inlined. */
export async function docxBlocks(bytes: Uint8Array): Promise<Block[]> {
  const { value } = await mammoth.convertToHtml(
    { buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) },
    { convertImage: mammoth.images.imgElement(async () => ({ src: '' })) },
  );
  return blocksOfHtml(value);
}
