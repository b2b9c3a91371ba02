/** Featured conversations (module featured): shared conversations ops chose for /valueChatPage. */
export interface FeaturedConversationTable {
  /** The share's id (= its conversation's); the row goes when the share row does. */
  conv_group_id: string;
  /** The card's title; NULL: the shared conversation's own. */
  title: string | null;
  /** Lower first; ties: the newest added first. */
  sort_order: number;
  created_at: string;
}

export interface FeaturedTables {
  featured_conversations: FeaturedConversationTable;
}
