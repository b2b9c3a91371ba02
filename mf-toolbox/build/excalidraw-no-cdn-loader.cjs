// Excalidraw adds https://esm.sh/… after window.EXCALIDRAW_ASSET_PATH as every font's fallback
// source, and Chrome starts a request for each source of a FontFace. That fallback becomes the
// asset path again (set by src/whiteboard/assetPath.ts before the library loads), so the whiteboard
// never asks a CDN for anything. A library version that writes it differently fails the build
// instead of quietly going back to the CDN.
const FALLBACK = /`https:\/\/esm\.sh\/\$\{.*?\}\/dist\/prod\/`/;

module.exports = function excalidrawNoCdn(source) {
  if (!source.includes('ASSETS_FALLBACK_URL')) return source;
  if (!FALLBACK.test(source)) throw new Error('excalidraw-no-cdn-loader: the ASSETS_FALLBACK_URL expression changed; update the loader so fonts stay off the CDN');
  return source.replace(FALLBACK, 'window.EXCALIDRAW_ASSET_PATH');
};
