/** Public share pages of conversations (module share). Timestamps are ISO-8601 text so SQLite and PostgreSQL read alike. */
/** A conversation's public share page (module share); deleted with the conversation. */
export interface ConversationShareTable {
  conv_group_id: string;
  user_id: string;
  /** The SharedConversation the page shows, as JSON; null once revoked. */
  snapshot: string | null;
  /** When the snapshot was taken (ISO-8601). */
  shared_at: string;
  /** Set when the owner withdrew the page; null while it is public. */
  revoked_at: string | null;
}

export interface ShareTables {
  conversation_shares: ConversationShareTable;
}
