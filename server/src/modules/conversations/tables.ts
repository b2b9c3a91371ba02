import type { Generated } from 'kysely';

/** Conversations and their messages (module conversations). Timestamps are ISO-8601 text so SQLite and PostgreSQL read alike. */
/** One conversation (a history entry); its messages are conversation_nodes. */
export interface ConversationGroupTable {
  id: string;
  user_id: string;
  title: string;
  gpts_id: string | null;
  icon: string | null;
  /** The first message shown when the first question was edited (several roots); NULL: the newest. */
  selected_root_id: string | null;
  created_at: string;
  /** The last new message: the history list's order. */
  updated_at: string;
}

export type ConversationNodeStatus = 'generating' | 'done' | 'stopped' | 'failed';

/** One message: a user message ('done') or one answer; siblings are alternative branches. */
export interface ConversationNodeTable {
  id: string;
  group_id: string;
  user_id: string;
  parent_id: string | null;
  /** Position among its siblings, 0 = oldest. */
  seq: number;
  role: 'user' | 'assistant';
  model: string;
  model_name: string;
  gpts_id: string | null;
  knowledge_id: string | null;
  knowledge_name: string | null;
  content: string;
  reasoning: Generated<string>;
  /** JSON array of Reference. */
  references: Generated<string>;
  /** JSON array of strings. */
  follow_ups: Generated<string>;
  /** JSON array of ToolCallRecord (the extensions' calls of an answer). */
  tool_calls: Generated<string>;
  status: ConversationNodeStatus;
  error: string | null;
  /** 1 when the offline model answered. */
  offline_demo: Generated<number>;
  /** JSON of the upstream usage; NULL until the answer ends (and for user messages). */
  usage: string | null;
  /** The branch shown under this node; NULL: the newest child. */
  selected_child_id: string | null;
  created_at: string;
  finished_at: string | null;
}

export interface ConversationsTables {
  conversation_groups: ConversationGroupTable;
  conversation_nodes: ConversationNodeTable;
}
