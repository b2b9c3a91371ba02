/**
 * spec chat §2: a route parameter starting with g- opens a custom agent (/chatPage/g-<code>). The
 * code it names, or null for any other parameter.
 */
export function agentCodeOfRoute(param: string | undefined): string | null {
  if (!param?.startsWith('g-')) return null;
  const code = param.slice(2).trim();
  return code || null;
}
