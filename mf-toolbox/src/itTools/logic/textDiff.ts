import { diffChars, diffLines, diffWordsWithSpace, type ChangeObject } from 'diff';

export type DiffUnit = 'lines' | 'words' | 'chars';

export interface DiffPart {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

export function diffTexts(before: string, after: string, unit: DiffUnit): DiffPart[] {
  const changes: ChangeObject<string>[] = unit === 'lines' ? diffLines(before, after) : unit === 'words' ? diffWordsWithSpace(before, after) : diffChars(before, after);
  return changes.map((c) => ({ kind: c.added ? 'added' : c.removed ? 'removed' : 'same', text: c.value }));
}

export interface SideBySideRow {
  left: { n: number; text: string } | null;
  right: { n: number; text: string } | null;
  kind: 'same' | 'changed' | 'added' | 'removed';
}

const linesOf = (text: string) => {
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
};

/** Line diff as two columns: removed lines face the added lines that replaced them. */
export function sideBySide(before: string, after: string): SideBySideRow[] {
  const rows: SideBySideRow[] = [];
  let left = 1;
  let right = 1;
  const parts = diffLines(before, after);
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (!part.added && !part.removed) {
      for (const text of linesOf(part.value)) rows.push({ left: { n: left++, text }, right: { n: right++, text }, kind: 'same' });
      continue;
    }
    const removed = part.removed ? linesOf(part.value) : [];
    const next = parts[i + 1];
    const added = part.added ? linesOf(part.value) : next?.added ? linesOf(next.value) : [];
    if (part.removed && next?.added) i++;
    for (let k = 0; k < Math.max(removed.length, added.length); k++) {
      const l = removed[k];
      const r = added[k];
      rows.push({
        left: l === undefined ? null : { n: left++, text: l },
        right: r === undefined ? null : { n: right++, text: r },
        kind: l !== undefined && r !== undefined ? 'changed' : l !== undefined ? 'removed' : 'added',
      });
    }
  }
  return rows;
}

export function diffStats(parts: DiffPart[]): { added: number; removed: number } {
  const count = (kind: DiffPart['kind']) => parts.filter((p) => p.kind === kind).reduce((n, p) => n + p.text.length, 0);
  return { added: count('added'), removed: count('removed') };
}
