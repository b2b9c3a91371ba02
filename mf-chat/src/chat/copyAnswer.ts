/**
 * "复制" copies what the reader sees (the rendered answer's text), and in the copy mode 仅复制表格
 * (gptConfig.useCopyTable) only its tables, as tab-separated rows that paste into a spreadsheet.
 * An answer without tables is copied whole in either mode.
 */
export function renderedText(element: HTMLElement, tablesOnly: boolean): string {
  const tables = tablesOnly ? [...element.querySelectorAll('table')] : [];
  if (tables.length === 0) return element.innerText ?? element.textContent ?? '';
  return tables.map(tableText).join('\n\n');
}

function tableText(table: HTMLTableElement): string {
  return [...table.rows].map((row) => [...row.cells].map((cell) => (cell.textContent ?? '').trim()).join('\t')).join('\n');
}
