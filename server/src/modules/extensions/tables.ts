/** Extensions (MCP servers) configured by ops (module extensions). Timestamps are ISO-8601 text so SQLite and PostgreSQL read alike. */
import type { Generated } from 'kysely';

export type McpTransport = 'builtin' | 'http' | 'sse' | 'stdio';

/** One MCP server: what the extensions dialog shows and how the server reaches it. Secrets are never stored, only the names of the variables holding them. */
export interface McpServerTable {
  id: Generated<number>;
  /** `^[A-Za-z0-9_.-]{1,64}$`, the name getStream's `mcps` carries. */
  mcp_name: string;
  show_name: string;
  show_desc: string;
  /** Category, in Chinese (工具 / 效率 / 知识 / 网络). */
  kind: string;
  img_url: string;
  transport: McpTransport;
  /** http / sse. */
  url: string | null;
  /** stdio: the command (installed by ops on the server) and its arguments (JSON array). */
  command: string | null;
  args: string;
  /** JSON object: HTTP header name → name of the server's environment variable holding its value. */
  headers: string;
  /** JSON object: the stdio process's variable → name of the server's environment variable holding its value. */
  env: string;
  /** Per-call time limit; fractional allowed. */
  timeout_seconds: number;
  /** Points per call, 0: free. */
  price_per_call: number;
  enabled: 0 | 1;
  sort: number;
  /** Built-ins: hash of the seed last written (module builtIn/seed.ts). */
  seed_hash: string | null;
  /** 1 once `pnpm ops mcp set` changed a built-in's fields: the seed no longer overwrites them. */
  ops_edited: Generated<0 | 1>;
  created_at: string;
  updated_at: string;
}

export interface ExtensionsTables {
  mcp_servers: McpServerTable;
}
