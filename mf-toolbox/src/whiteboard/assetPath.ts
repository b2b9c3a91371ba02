declare let __webpack_public_path__: string;

/**
 * Excalidraw loads its fonts from `window.EXCALIDRAW_ASSET_PATH`, else from esm.sh. The build copies
 * them beside this area's files (webpack.config.cjs: `excalidraw/fonts/`), so they come from this
 * site, never a CDN. Set before the library is imported: it reads the path when it loads a font.
 */
const base = typeof __webpack_public_path__ === 'string' && __webpack_public_path__ ? __webpack_public_path__ : '/';
(window as unknown as { EXCALIDRAW_ASSET_PATH: string }).EXCALIDRAW_ASSET_PATH = new URL('excalidraw/', new URL(base, window.location.href)).toString();
