import { EXTENSION_LIMITS, type McpInfo } from '@qiming/sdk/contracts';

/** The extensions a message uses: the agent's own (`fixed`, enabled by the server) and those the user chose besides them. */
export interface ExtensionsInUse {
  fixed: McpInfo[];
  chosen: McpInfo[];
}

/**
 * What the chips show and what is sent: only names the server still offers (none while its list is
 * unknown), the agent's first, the user's not repeating them, and at most
 * `EXTENSION_LIMITS.selectedMax` in all (the agent's count too).
 */
export function extensionsInUse(selected: readonly string[], offered: readonly McpInfo[] | null, agentMcps: readonly string[]): ExtensionsInUse {
  if (!offered) return { fixed: [], chosen: [] };
  const byName = new Map(offered.map((info) => [info.mcpName, info]));
  const known = (names: readonly string[]) => [...new Set(names)].flatMap((name) => byName.get(name) ?? []);
  const fixed = known(agentMcps);
  const taken = new Set(agentMcps);
  const chosen = known(selected.filter((name) => !taken.has(name))).slice(0, Math.max(0, EXTENSION_LIMITS.selectedMax - fixed.length));
  return { fixed, chosen };
}

/** How many more the user may choose beside the agent's own. */
export const choosableCount = (fixedCount: number) => Math.max(0, EXTENSION_LIMITS.selectedMax - fixedCount);
