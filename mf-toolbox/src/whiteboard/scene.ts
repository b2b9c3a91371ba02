import { WHITEBOARD_LIMITS, type WhiteboardScene } from '@qiming/sdk/contracts';

/** The parts of an Excalidraw element and file this page reads (the library's own types stay in the canvas chunk). */
export interface SceneElement {
  id: string;
  version: number;
  isDeleted?: boolean;
  type?: string;
  fileId?: string | null;
}

/** The view settings kept with a board; the rest of Excalidraw's appState (tool, zoom, selection) is per session. */
const KEPT_APP_STATE = ['viewBackgroundColor', 'gridModeEnabled'] as const;

/**
 * A change's identity without serialising the scene: Excalidraw bumps an element's version on every
 * edit (its own getSceneVersion is this sum), and a deletion is an edit. onChange also fires for
 * pointer moves and selection, which leave this unchanged.
 */
export function sceneFingerprint(elements: readonly SceneElement[], appState: Record<string, unknown>): string {
  let versions = 0;
  for (const element of elements) versions += element.version;
  return `${elements.length}:${versions}:${KEPT_APP_STATE.map((key) => String(appState[key] ?? '')).join(':')}`;
}

/** What is saved: the elements, the kept view settings, and only the image files elements still use. */
export function sceneOf(elements: readonly SceneElement[], appState: Record<string, unknown>, files: Record<string, unknown>): WhiteboardScene {
  const used = new Set(elements.filter((e) => !e.isDeleted && e.fileId).map((e) => e.fileId as string));
  const kept: Record<string, unknown> = {};
  for (const key of KEPT_APP_STATE) if (appState[key] !== undefined) kept[key] = appState[key];
  return {
    elements: [...elements],
    appState: kept,
    files: Object.fromEntries(Object.entries(files).filter(([id]) => used.has(id))),
  };
}

/** UTF-8 bytes of the scene as it goes to the server (the server's limit counts the same). */
export function sceneBytes(scene: WhiteboardScene): number {
  return utf8Length(JSON.stringify(scene));
}

/** UTF-8 length without encoding a copy of a scene that may be megabytes. */
function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      bytes += 4; // a surrogate pair: one 4-byte character
      i++;
    } else bytes += 3;
  }
  return bytes;
}

export const isTooLarge = (scene: WhiteboardScene) => sceneBytes(scene) > WHITEBOARD_LIMITS.sceneBytes;

export const liveElementCount = (scene: WhiteboardScene) => (scene.elements as SceneElement[]).filter((e) => !e.isDeleted).length;
