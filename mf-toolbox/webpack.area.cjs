// The toolbox's additions to the shared remote build (build-config/index.cjs applies this file to
// every build of the area: `pnpm build`, the e2e fixtures, bench): the whiteboard's library.
const fs = require('node:fs');
const path = require('node:path');

// copy-webpack-plugin is the build config's dependency; resolve it from there.
const CopyPlugin = require(require.resolve('copy-webpack-plugin', { paths: [path.dirname(require.resolve('@qiming/build-config'))] }));

module.exports = function extendToolboxBuild(config) {
  // The package's exports name no file a plain require can resolve: its own folder, then.
  const excalidrawDist = path.join(fs.realpathSync(path.join(__dirname, 'node_modules/@excalidraw/excalidraw')), 'dist/prod');
  // The whiteboard's fonts are served from this build (src/whiteboard/assetPath.ts), never from a
  // CDN. The browser fetches only the subsets a board's text uses (unicode-range).
  config.plugins.push(new CopyPlugin({ patterns: [{ from: path.join(excalidrawDist, 'fonts'), to: 'excalidraw/fonts' }] }));
  // Excalidraw's ESM imports roughjs files without extensions, which webpack refuses in strict ESM.
  config.module.rules.push({ test: /\.m?js$/, include: /[\\/]@excalidraw[\\/]/, resolve: { fullySpecified: false } });
  config.module.rules.push({ test: /\.m?js$/, include: /[\\/]@excalidraw[\\/]excalidraw[\\/]dist[\\/]/, use: path.join(__dirname, 'build/excalidraw-no-cdn-loader.cjs') });
};
