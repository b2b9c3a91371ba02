/**
 * Whiteboards (/whiteBoard): boards drawn with Excalidraw and saved per user. Our own calls (the spec
 * shows the page only); decisions in server/src/modules/whiteboards/README.md.
 *
 *   POST whiteboard/list   {}                          → WhiteboardSummary[] (the caller's, last changed first)
 *   POST whiteboard/get    { id }                      → Whiteboard
 *   POST whiteboard/create { title?, scene? }          → Whiteboard (version 1)
 *   POST whiteboard/save   { id, version, scene }      → WhiteboardSummary (version + 1); 3102 when the
 *                                                        board changed since `version` (another tab)
 *   POST whiteboard/rename { id, title }               → WhiteboardSummary (the version does not change)
 *   POST whiteboard/delete { id }                      → null
 */

const whiteboardCodes = {
  /** 白板不存在或已删除 */
  notFound: 3101,
  /** 白板已在其他窗口或设备上修改 (save with an old version) */
  conflict: 3102,
  /** 白板内容超过 5 MB */
  tooLarge: 3103,
  /** 白板数量已达上限 */
  tooMany: 3104,
};
export const WHITEBOARD_CODES = whiteboardCodes as Readonly<typeof whiteboardCodes>;

export const WHITEBOARD_LIMITS = {
  /** The scene as JSON (UTF-8 bytes): elements, the kept view settings and embedded images. */
  sceneBytes: 5 * 1024 * 1024,
  title: 50,
  perUser: 200,
  /** Autosave waits this long after the last change. */
  autosaveMs: 1500,
} as const;

/** What an Excalidraw board is made of, as the library exports it (its types stay in the front end). */
export interface WhiteboardScene {
  elements: unknown[];
  /** The view settings kept with the board (background colour, grid). */
  appState?: Record<string, unknown>;
  /** Embedded images by file id (data URLs). */
  files?: Record<string, unknown>;
}

export interface WhiteboardSummary {
  id: string;
  title: string;
  /** Elements not deleted. */
  elementCount: number;
  /** The scene's JSON size in bytes. */
  bytes: number;
  /** Starts at 1, + 1 on every save: the optimistic-concurrency token of whiteboard/save. */
  version: number;
  createdAt: string;
  updatedAt: string;
}

export interface Whiteboard extends WhiteboardSummary {
  scene: WhiteboardScene;
}

export interface WhiteboardRef {
  id: string;
}

export interface CreateWhiteboardRequest {
  title?: string;
  scene?: WhiteboardScene;
}

export interface SaveWhiteboardRequest {
  id: string;
  /** The version the client's scene was based on. */
  version: number;
  scene: WhiteboardScene;
}

export interface RenameWhiteboardRequest {
  id: string;
  title: string;
}
