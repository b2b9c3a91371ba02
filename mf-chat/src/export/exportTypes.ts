/** What the export dialog shows: the branch of a conversation on screen. */
export interface ExportMessage {
  role: 'user' | 'assistant';
  content: string;
  modelName: string;
  createTime: string;
}

export interface ExportConversation {
  /** null while the conversation is not saved yet (no share link then). */
  convGroupId: string | null;
  title: string;
  modelName: string;
  /** The model's icon; a robot icon when there is none. */
  modelIcon: string | null;
  /** The model badge (spec platform §2: default "AI Conversation"). */
  badge: string;
  /** The model's description for the footer. */
  description: string;
  messages: ExportMessage[];
}
