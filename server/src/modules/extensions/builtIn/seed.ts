import { createHash } from 'node:crypto';
import type { Log } from '../../../log.js';
import type { ExtensionsRepository } from '../repository.js';
import type { BuiltinSeed } from './catalogue.js';

export function seedHash(seed: BuiltinSeed): string {
  return createHash('sha256').update(JSON.stringify(seed)).digest('hex').slice(0, 16);
}

/** The columns a seed sets: what a newer seed rewrites (enabled stays as ops left it). */
export function seedColumns(seed: BuiltinSeed) {
  return {
    show_name: seed.showName,
    show_desc: seed.showDesc,
    kind: seed.kind,
    img_url: seed.imgUrl,
    sort: seed.sort,
    timeout_seconds: seed.timeoutSeconds,
    price_per_call: seed.pricePerCall,
    seed_hash: seedHash(seed),
  };
}

/**
 * Writes the built-in extensions at startup: a missing one is inserted (enabled); one whose seed
 * changed is updated unless ops changed its fields (`ops_edited`); `enabled` is never touched.
 * Concurrent starts of several instances may both insert: the unique name keeps one, the other's
 * insert is ignored.
 */
export async function seedBuiltins(repo: ExtensionsRepository, seeds: readonly BuiltinSeed[], options: { now: () => Date; log: Log }): Promise<{ inserted: string[]; updated: string[] }> {
  const outcome = { inserted: [] as string[], updated: [] as string[] };
  const existing = new Map((await repo.byNames(seeds.map((seed) => seed.mcpName))).map((row) => [row.mcp_name, row]));
  for (const seed of seeds) {
    const at = options.now().toISOString();
    const row = existing.get(seed.mcpName);
    if (!row) {
      try {
        await repo.insert({ mcp_name: seed.mcpName, transport: 'builtin', url: null, command: null, args: '[]', headers: '{}', env: '{}', enabled: 1, ...seedColumns(seed), created_at: at, updated_at: at });
        outcome.inserted.push(seed.mcpName);
      } catch (error) {
        if (await repo.byName(seed.mcpName)) continue; // another instance inserted it first
        throw error;
      }
    } else if (row.seed_hash !== seedHash(seed) && !row.ops_edited) {
      await repo.update(seed.mcpName, { ...seedColumns(seed), transport: 'builtin', updated_at: at });
      outcome.updated.push(seed.mcpName);
    }
  }
  if (outcome.inserted.length || outcome.updated.length) options.log.info(`built-in extensions: ${outcome.inserted.length} added, ${outcome.updated.length} updated from the seed`);
  return outcome;
}
