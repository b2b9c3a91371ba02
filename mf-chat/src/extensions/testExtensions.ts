import type { McpInfo } from '@qiming/sdk/contracts';

/** An extension as getMcpInfo lists it, for tests; `extra` overrides fields. */
export function testExtension(mcpName: string, extra: Partial<McpInfo> = {}): McpInfo {
  return { mcpName, showName: mcpName, showDesc: `${mcpName} 的说明`, kind: '工具', imgUrl: `/icons/${mcpName}.svg`, ...extra };
}

/** A storage of its own (jsdom's localStorage is shared by a file's tests). */
export function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (key) => data.get(key) ?? null, setItem: (key, value) => void data.set(key, value) };
}
