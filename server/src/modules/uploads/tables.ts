/** Files uploaded to chat (module uploads). Timestamps are ISO-8601 text so SQLite and PostgreSQL read alike. */
/** A file a user uploaded to chat (module uploads); the bytes live on disk under UPLOAD_DIR/<user_id>/<id>. */
export interface ChatUploadTable {
  /** The knowledgeId: random and unguessable. */
  id: string;
  user_id: string;
  /** The name the user gave the file. */
  name: string;
  /** The type sniffed from the bytes (text kinds with their charset). */
  mime: string;
  kind: 'pdf' | 'docx' | 'xlsx' | 'image' | 'text';
  size: number;
  sha256: string;
  /** The text extracted (capped at FILE_LIMITS.textMaxChars); '' when none. */
  text: string;
  /** 1 when the text came from OCR of an image. */
  ocr: number;
  created_at: string;
}

export interface UploadsTables {
  chat_uploads: ChatUploadTable;
}
