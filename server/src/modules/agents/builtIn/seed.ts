import { createHash, randomBytes } from 'node:crypto';
import { AGENT_CODE_PREFIXES, type AgentCategoryKey } from '@qiming/contracts';
import type { Log } from '../../../log.js';
import type { AgentRow, AgentsRepository } from '../repository.js';
import type { AgentDraft } from '../validation.js';

export interface BuiltInAgentSeed {
  slug: string;            // [a-z0-9-]{2,40}; code = 'gpt-4-gizmo-g-' + slug; icon file icons/<slug>.svg
  kind1: AgentCategoryKey; // from @qiming/contracts
  appName: string;         // Chinese, ≤ 30
  description: string;     // Chinese, ≤ 200
  mannulModel: string;     // a catalogue model id
  systemPrompt: string;    // Chinese
  questions: [string, string, string, string];
  mcps?: string[];         // extension names (plug-in agents)
  hongScene?: string;      // a role-play scene code from the roleplay module, rarely
  en: { appName: string; description: string; questions: [string, string, string, string] };
}

/** A built-in app's slug; never the user agents' `user-c-` (their codes would collide). */
export const SLUG = /^(?!user-c-)[a-z0-9-]{2,40}$/;

export const builtInCode = (slug: string) => `${AGENT_CODE_PREFIXES.any}${slug}`;
export const newAgentId = () => randomBytes(8).toString('hex');

/** The seed's fingerprint: a row whose seed_hash differs is updated (unless ops edited it). */
export function seedHash(seed: BuiltInAgentSeed): string {
  return createHash('sha256').update(JSON.stringify(seed)).digest('hex').slice(0, 16);
}

/** A seed as the validation rules see it (built-in apps are public; their icon is the slug's file). */
export function draftOfSeed(seed: BuiltInAgentSeed): AgentDraft {
  const [question1, question2, question3, question4] = seed.questions;
  return {
    appName: seed.appName.trim(),
    description: seed.description.trim(),
    systemPrompt: seed.systemPrompt.trim(),
    mannulModel: seed.mannulModel,
    appUrl: null,
    assistantUrl: null,
    question1,
    question2,
    question3,
    question4,
    hongScene: seed.hongScene ?? null,
    imageUrlYour: null,
    imageUrlParteners: null,
    isPublic: 1,
    kind1: seed.kind1,
    mcps: seed.mcps ?? [],
  };
}

/** The columns a seed sets: what an update from a newer seed rewrites (uses, hidden and the id stay). */
export function seedColumns(seed: BuiltInAgentSeed) {
  const draft = draftOfSeed(seed);
  return {
    app_name: draft.appName,
    description: draft.description,
    system_prompt: draft.systemPrompt,
    mannul_model: draft.mannulModel,
    question1: draft.question1,
    question2: draft.question2,
    question3: draft.question3,
    question4: draft.question4,
    hong_scene: draft.hongScene,
    kind1: draft.kind1,
    mcps: JSON.stringify(draft.mcps),
    en_app_name: seed.en.appName,
    en_description: seed.en.description,
    en_questions: JSON.stringify(seed.en.questions),
    seed_hash: seedHash(seed),
  };
}

/** A new built-in app row. */
export function builtInRow(seed: BuiltInAgentSeed, at: string, opsEdited: 0 | 1) {
  return {
    id: newAgentId(),
    code: builtInCode(seed.slug),
    slug: seed.slug,
    user_id: null,
    ...seedColumns(seed),
    app_url: null,
    assistant_url: null,
    image_url_your: null,
    image_url_parteners: null,
    is_custom: 0 as const,
    is_public: 1 as const,
    ops_edited: opsEdited,
    deleted_at: null,
    created_at: at,
    updated_at: at,
  };
}

export interface SeedOutcome {
  inserted: string[];
  updated: string[];
  /** Rows ops edited whose seed changed since: left as ops made them. */
  keptOpsEdits: string[];
  /** Seeds the rules refused (slug: reason): not written. */
  refused: string[];
}

/**
 * Writes the built-in apps into the shared table at startup: a new slug is inserted; a row whose
 * seed changed is updated — unless ops edited it (`ops_edited`), then it stays as ops left it.
 * Seeds the rules refuse are skipped with a warning (a bad entry never stops the server).
 */
export async function seedBuiltInAgents(
  repo: AgentsRepository,
  seeds: readonly BuiltInAgentSeed[],
  options: { check(seed: BuiltInAgentSeed): Promise<void>; now: () => Date; log: Log },
): Promise<SeedOutcome> {
  const outcome: SeedOutcome = { inserted: [], updated: [], keptOpsEdits: [], refused: [] };
  const existing = new Map<string, AgentRow>((await repo.builtIns()).map((row) => [row.slug!, row]));
  for (const seed of seeds) {
    try {
      if (!SLUG.test(seed.slug)) throw new Error('slug 格式不正确');
      await options.check(seed);
    } catch (error) {
      outcome.refused.push(`${seed.slug}: ${(error as Error).message}`);
      options.log.warn(`built-in agent ${seed.slug} skipped: ${(error as Error).message}`);
      continue;
    }
    const row = existing.get(seed.slug);
    const at = options.now().toISOString();
    if (!row) {
      await repo.insert(builtInRow(seed, at, 0));
      outcome.inserted.push(seed.slug);
    } else if (row.seed_hash !== seedHash(seed)) {
      if (row.ops_edited) {
        outcome.keptOpsEdits.push(seed.slug);
        continue;
      }
      await repo.update(row.id, { ...seedColumns(seed), updated_at: at });
      outcome.updated.push(seed.slug);
    }
  }
  return outcome;
}
