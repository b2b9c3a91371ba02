import { fileURLToPath } from 'node:url';
import type { Db } from '../../../db/database.js';
import { silentLog } from '../../../log.js';
import { createExtensionsModule, NO_KNOWLEDGE, type ExtensionsDeps } from '../index.js';
import type { NewMcpServerRow } from '../repository.js';

/** The stdio MCP server of the tests, run by this node. */
export const STDIO_SERVER = fileURLToPath(new URL('./stdioServer.mjs', import.meta.url));

/** The module on a test database, with short connect timeout and back-off. */
export function testExtensions(db: Db, overrides: Partial<ExtensionsDeps> = {}) {
  return createExtensionsModule({
    db: db.db,
    config: { extensions: { outboundFetch: false } },
    knowledge: NO_KNOWLEDGE,
    apiKeys: { userForApiKey: async () => null },
    now: () => new Date(),
    log: silentLog,
    timing: { connectTimeoutMs: 4000, backoffBaseMs: 300, backoffMaxMs: 600 },
    ...overrides,
  });
}

/** A row of an outside server as ops would add it. */
export function remoteRow(name: string, fields: Partial<NewMcpServerRow>): NewMcpServerRow {
  const at = new Date().toISOString();
  return {
    mcp_name: name,
    show_name: `测试 ${name}`,
    show_desc: '',
    kind: '工具',
    img_url: '/x.svg',
    transport: 'stdio',
    url: null,
    command: process.execPath,
    args: JSON.stringify([STDIO_SERVER]),
    headers: '{}',
    env: '{}',
    timeout_seconds: 5,
    price_per_call: 0,
    enabled: 1,
    sort: 100,
    seed_hash: null,
    created_at: at,
    updated_at: at,
    ...fields,
  };
}
