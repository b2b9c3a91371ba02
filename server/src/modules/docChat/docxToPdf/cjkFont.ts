import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Noto Sans SC (OFL-1.1) from @fontsource/noto-sans-sc: Google Fonts' split of the font into about
 * 100 files by unicode-range (unicode.json). A PDF embeds only the files its text uses, and of each
 * only the glyphs used (pdfkit subsets), so a page of Chinese costs tens of kilobytes.
 * The WOFF files, not the WOFF2: fontkit's subsetter copies glyph data as stored, and WOFF2 stores
 * it transformed — the PDF's text layer was right and every glyph drawn was garbage.
 */
const packageDir = path.dirname(createRequire(import.meta.url).resolve('@fontsource/noto-sans-sc/LICENSE'));

export type FontWeight = 400 | 700;

interface Range {
  from: number;
  to: number;
  subset: string;
}

let ranges: Range[] | undefined;

/** unicode.json: `{ "[12]": "U+4e00-4e8c,U+4e8f,…", "latin": "…" }`, sorted by start for a binary search. */
function loadRanges(): Range[] {
  const table = JSON.parse(fs.readFileSync(path.join(packageDir, 'unicode.json'), 'utf8')) as Record<string, string>;
  const list: Range[] = [];
  for (const [key, spec] of Object.entries(table)) {
    const subset = key.replace(/^\[(\d+)\]$/, '$1');
    for (const part of spec.split(',')) {
      const [from, to = from] = part.trim().replace(/^U\+/i, '').split('-');
      list.push({ from: parseInt(from!, 16), to: parseInt(to!, 16), subset });
    }
  }
  return list.sort((a, b) => a.from - b.from);
}

/** The subset file holding a character, or 'latin' (its .notdef box) for one the font lacks. */
export function subsetOf(codePoint: number): string {
  ranges ??= loadRanges();
  let low = 0;
  let high = ranges.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const range = ranges[mid]!;
    if (codePoint < range.from) high = mid - 1;
    else if (codePoint > range.to) low = mid + 1;
    else return range.subset;
  }
  return 'latin';
}

export function fontFile(subset: string, weight: FontWeight): string {
  return path.join(packageDir, 'files', `noto-sans-sc-${subset}-${weight}-normal.woff`);
}
