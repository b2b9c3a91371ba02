import './assetPath';
import '@excalidraw/excalidraw/index.css';
import { useCallback, useMemo } from 'react';
import { Excalidraw, exportToBlob, exportToSvg, MainMenu } from '@excalidraw/excalidraw';
import type { ExcalidrawImperativeAPI } from '@excalidraw/excalidraw/types';
import { i18n } from '@qiming/sdk';
import type { WhiteboardScene } from '@qiming/sdk/contracts';
import { sceneFingerprint, sceneOf, type SceneElement } from './scene';

/** What the page asks of the canvas once it is up. */
export interface CanvasHandle {
  exportPng(): Promise<Blob>;
  exportSvg(): Promise<Blob>;
  /** The scene as it is now (for 另存为新白板). */
  scene(): WhiteboardScene;
}

export interface ExcalidrawCanvasProps {
  initialScene: WhiteboardScene;
  onChange(fingerprint: string, build: () => WhiteboardScene): void;
  onReady(handle: CanvasHandle): void;
}

const EXPORT_PADDING = 16;

/** The Excalidraw editor (this module is the lazy chunk that holds the library). */
export default function ExcalidrawCanvas({ initialScene, onChange, onReady }: ExcalidrawCanvasProps) {
  const initialData = useMemo(
    () => ({ elements: initialScene.elements, appState: initialScene.appState ?? {}, files: initialScene.files ?? {}, scrollToContent: true }),
    // The canvas is keyed by board: its initial data is read once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  ) as never;

  const attach = useCallback(
    (api: ExcalidrawImperativeAPI) => {
      const current = () => ({ elements: api.getSceneElements(), appState: api.getAppState(), files: api.getFiles() });
      onReady({
        exportPng: async () => {
          const { elements, appState, files } = current();
          return exportToBlob({ elements, appState: { ...appState, exportBackground: true }, files, mimeType: 'image/png', exportPadding: EXPORT_PADDING });
        },
        exportSvg: async () => {
          const { elements, appState, files } = current();
          const svg = await exportToSvg({ elements, appState: { ...appState, exportBackground: true }, files, exportPadding: EXPORT_PADDING });
          return new Blob([new XMLSerializer().serializeToString(svg)], { type: 'image/svg+xml' });
        },
        scene: () => {
          const { elements, appState, files } = current();
          return sceneOf(elements as unknown as SceneElement[], appState as unknown as Record<string, unknown>, files as unknown as Record<string, unknown>);
        },
      });
    },
    [onReady],
  );

  return (
    <Excalidraw
      initialData={initialData}
      excalidrawAPI={attach}
      langCode={i18n.locale === 'en-US' ? 'en' : 'zh-CN'}
      UIOptions={{ canvasActions: { loadScene: false, saveToActiveFile: false, export: false, saveAsImage: false, toggleTheme: false } }}
      onChange={(elements, appState, files) => {
        const els = elements as unknown as SceneElement[];
        const state = appState as unknown as Record<string, unknown>;
        onChange(sceneFingerprint(els, state), () => sceneOf(els, state, files as unknown as Record<string, unknown>));
      }}
    >
      <MainMenu>
        <MainMenu.DefaultItems.ClearCanvas />
        <MainMenu.DefaultItems.ChangeCanvasBackground />
        <MainMenu.DefaultItems.Help />
      </MainMenu>
    </Excalidraw>
  );
}
