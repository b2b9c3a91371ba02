/** Whiteboards (module whiteboards). Timestamps are ISO-8601 text so SQLite and PostgreSQL read alike. */
export interface WhiteboardTable {
  id: string;
  user_id: string;
  title: string;
  /** The Excalidraw scene as JSON (WhiteboardScene), at most WHITEBOARD_LIMITS.sceneBytes. */
  scene: string;
  bytes: number;
  element_count: number;
  /** + 1 on every save; a save names the version it was based on (optimistic concurrency). */
  version: number;
  created_at: string;
  updated_at: string;
}

export interface WhiteboardsTables {
  whiteboards: WhiteboardTable;
}
