import type { McpInfo } from '@qiming/contracts';
import { isBuiltinName, type BuiltinName } from './builtIn/catalogue.js';
import type { ExtensionsRepository } from './repository.js';

/** The extensions as the product lists them. */
export class ExtensionsService {
  constructor(private readonly repo: ExtensionsRepository) {}

  /** getMcpInfo: the enabled extensions in ops' order. */
  async mcpInfo(): Promise<McpInfo[]> {
    return (await this.repo.enabled()).map((row) => ({ showName: row.show_name, showDesc: row.show_desc, mcpName: row.mcp_name, kind: row.kind, imgUrl: row.img_url }));
  }

  /** The built-ins ops left enabled: what the HTTP endpoint serves. */
  async enabledBuiltins(): Promise<BuiltinName[]> {
    return (await this.repo.enabled()).filter((row) => row.transport === 'builtin').map((row) => row.mcp_name).filter(isBuiltinName);
  }
}
