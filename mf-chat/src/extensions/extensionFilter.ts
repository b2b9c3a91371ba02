import type { McpInfo } from '@qiming/sdk/contracts';

/** The categories present, in the order their first extension comes (the dialog's chips after 全部). */
export function kindsOf(list: readonly McpInfo[]): string[] {
  return [...new Set(list.map((info) => info.kind.trim()).filter(Boolean))];
}

/** The extensions of `kind` (null: every one) whose name, description or mcpName contains `query` (case-insensitive). */
export function matchingExtensions(list: readonly McpInfo[], query: string, kind: string | null): McpInfo[] {
  const needle = query.trim().toLowerCase();
  return list.filter((info) => (kind === null || info.kind.trim() === kind) && (!needle || [info.showName, info.showDesc, info.mcpName].some((text) => text.toLowerCase().includes(needle))));
}
