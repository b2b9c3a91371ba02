/** Document chats (module docChat). Timestamps are ISO-8601 text so SQLite and PostgreSQL read alike. */

/** A document the user chats with: an upload (the viewer's PDF) and its hidden knowledge base (the passages' index). */
export interface DocChatTable {
  id: string;
  user_id: string;
  /** chat_uploads.id: GET backend-api/uploadedFile/{upload_id} serves the PDF (for a Word file, the PDF made from it). */
  upload_id: string;
  /** The Word upload the PDF was made from; null when the user uploaded a PDF. */
  source_upload_id: string | null;
  /** knowledge_bases.id of kind 'document' (its deletion removes this row). */
  knowledge_id: string;
  name: string;
  pages: number;
  created_at: string;
}

export interface DocChatTables {
  doc_chats: DocChatTable;
}
