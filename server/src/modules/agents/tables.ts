/** Agents, built-in apps and favourite apps (module agents). Timestamps are ISO-8601 text so SQLite and PostgreSQL read alike. */
import type { Generated } from 'kysely';
import type { AgentCategoryKey } from '@qiming/contracts';

/** A user's agent or a built-in app (slug set, no owner). */
export interface AgentTable {
  id: string;
  /** gpt-4-gizmo-g-<slug> or gpt-4-gizmo-g-user-c-<id>. */
  code: string;
  slug: string | null;
  user_id: string | null;
  app_name: string;
  description: string;
  system_prompt: string;
  mannul_model: string | null;
  app_url: string | null;
  assistant_url: string | null;
  question1: string;
  question2: string;
  question3: string;
  question4: string;
  hong_scene: string | null;
  image_url_your: string | null;
  image_url_parteners: string | null;
  is_custom: 0 | 1;
  is_public: 0 | 1;
  kind1: AgentCategoryKey;
  /** JSON array of extension names. */
  mcps: string;
  uses: Generated<number>;
  /** Taken off the square and out of use by ops (built-in apps). */
  hidden: Generated<0 | 1>;
  en_app_name: string | null;
  en_description: string | null;
  /** JSON array of the four English starter questions. */
  en_questions: string | null;
  /** Hash of the seed entry last written into the row (built-in apps). */
  seed_hash: string | null;
  /** 1 once `pnpm ops agents` changed the row: the seed no longer overwrites it. */
  ops_edited: Generated<0 | 1>;
  deleted_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A model or agent the user saved (spec chat §3 "Favourite app payload"), one row per (user, code). */
export interface AgentFavouriteTable {
  id: string;
  user_id: string;
  code: string;
  app_name: string;
  coment: string;
  created_at: string;
  updated_at: string;
}

export interface AgentsTables {
  agents: AgentTable;
  agent_favourites: AgentFavouriteTable;
}
