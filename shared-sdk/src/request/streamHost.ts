/**
 * The stream host: the first candidate is pinged once (GET {host}/ping, 1 s); if it answers OK the
 * page sticks to it, otherwise the failure is logged and the backup (next candidate) is used.
 */
export function createStreamHostSelector(candidates: () => string[], fetchImpl: () => typeof fetch) {
  let chosen: Promise<string> | null = null;

  async function ping(host: string): Promise<boolean> {
    try {
      const response = await fetchImpl()(`${host}/ping`, { signal: AbortSignal.timeout(1000), cache: 'no-store' });
      return response.ok;
    } catch {
      return false;
    }
  }

  async function choose(): Promise<string> {
    const [primary, ...backups] = candidates();
    if (!primary) throw new Error('no stream host configured');
    if (await ping(primary)) return primary;
    console.warn(`[sdk] 连接 ${primary} 失败，改用备用地址`);
    return backups[0] ?? primary;
  }

  return {
    host(): Promise<string> {
      chosen ??= choose();
      return chosen;
    },
    reset(): void {
      chosen = null;
    },
  };
}
