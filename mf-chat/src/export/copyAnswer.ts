/**
 * "复制" copies what the reader sees (the rendered answer's text, without the code blocks' buttons),
 * and in the copy mode 仅复制表格 (gptConfig.useCopyTable) only its tables, as tab-separated rows
 * that paste into a spreadsheet. An answer without tables is copied whole in either mode.
 */
export function renderedText(element: HTMLElement, tablesOnly: boolean): string {
  const tables = tablesOnly ? [...element.querySelectorAll('table')] : [];
  if (tables.length > 0) return tables.map(tableText).join('\n\n');
  const copy = element.cloneNode(true) as HTMLElement;
  for (const hidden of copy.querySelectorAll('[data-export-hidden]')) hidden.remove();
  // a detached copy has no layout, so innerText would be textContent: measure it in place, hidden.
  copy.style.cssText = 'position:fixed;left:-10000px;top:0;white-space:normal';
  document.body.appendChild(copy);
  const text = copy.innerText ?? copy.textContent ?? '';
  copy.remove();
  return text;
}

function tableText(table: HTMLTableElement): string {
  return [...table.rows].map((row) => [...row.cells].map((cell) => (cell.textContent ?? '').trim()).join('\t')).join('\n');
}
