// One webpack configuration for the host and every remote, so that all of them share the same
// rules: swc for TS/TSX, CSS Modules prefixed per area, [contenthash] file names, module
// federation with the shared-singleton contract, and a release.json describing the build.
const path = require('node:path');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const CopyPlugin = require('copy-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { sharedConfig } = require('./shared.cjs');
const { ForbiddenImportsPlugin } = require('./forbidden-imports-plugin.cjs');
const { ReleaseFilePlugin } = require('./release-file-plugin.cjs');
const { PageChunksPlugin } = require('./page-chunks-plugin.cjs');
const { ChunkPackagesPlugin } = require('./chunk-packages-plugin.cjs');
const { SharedChunksPlugin } = require('./shared-chunks-plugin.cjs');
const { uiKitSplitChunks } = require('./ui-kit-chunks.cjs');
const { compressionPlugins } = require('./precompress.cjs');
const areas = require('@qiming/contracts/areas.json');

function scriptRules(isDev) {
  return [
    {
      test: /\.[jt]sx?$/,
      exclude: /node_modules/,
      use: {
        loader: require.resolve('swc-loader'),
        options: {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            target: 'es2020',
            transform: { react: { runtime: 'automatic', development: isDev } },
          },
        },
      },
    },
  ];
}

function styleRules(isDev, classPrefix) {
  const extract = isDev ? require.resolve('style-loader') : MiniCssExtractPlugin.loader;
  return [
    {
      test: /\.module\.css$/,
      use: [
        extract,
        {
          loader: require.resolve('css-loader'),
          options: { modules: { localIdentName: `${classPrefix}-[local]-[hash:base64:5]`, namedExport: false } },
        },
      ],
    },
    { test: /\.css$/, exclude: /\.module\.css$/, use: [extract, require.resolve('css-loader')] },
  ];
}

/**
 * antd's Result draws 403 / 404 / 500 with three large SVGs (~30 KiB, ~9 KiB gzip) that its index
 * imports statically, so the UI kit — on every page — carried them; they become one small picture of
 * ours (shared-sdk/src/ui/ResultIllustration.tsx), the status in its query.
 */
const RESULT_ILLUSTRATION = path.join(__dirname, '..', 'shared-sdk', 'src', 'ui', 'ResultIllustration.tsx');
const RESULT_PICTURES = { './noFound': '404', './unauthorized': '403', './serverError': '500' };
function antdResultIllustrations() {
  return new webpack.NormalModuleReplacementPlugin(/^\.\/(noFound|unauthorized|serverError)$/, (resource) => {
    if (/[\\/]antd[\\/]es[\\/]result$/.test(resource.context)) resource.request = `${RESULT_ILLUSTRATION}?${RESULT_PICTURES[resource.request]}`;
  });
}

function commonConfig({ packageDir, mode, classPrefix, outputPath, publicPath, uniqueName }) {
  const isDev = mode === 'development';
  return {
    mode,
    context: packageDir,
    // Production: .map files for ops to map reported errors, never referenced from the JS (the
    // server does not serve them either; README "Decisions").
    devtool: isDev ? 'eval-cheap-module-source-map' : 'hidden-source-map',
    entry: './src/index.ts',
    output: {
      path: outputPath,
      publicPath,
      uniqueName,
      filename: isDev ? '[name].js' : '[name].[contenthash:10].js',
      chunkFilename: isDev ? '[name].js' : '[name].[contenthash:10].js',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      clean: true,
      // spec platform §7: script chunks load with a 120 s timeout.
      chunkLoadTimeout: 120000,
    },
    resolve: { extensions: ['.tsx', '.ts', '.jsx', '.js', '.json'] },
    // Markdown files (mf-toolbox's manual and FAQ) are imported as their text.
    module: { rules: [...scriptRules(isDev), ...styleRules(isDev, classPrefix), { test: /\.md$/, type: 'asset/source' }] },
    plugins: [
      // The SDK signs every call with these (server/README.md, "Request signature").
      new webpack.DefinePlugin({
        __SIGN_KEY__: JSON.stringify(process.env.SIGN_KEY || ''),
        __SIGN_IV__: JSON.stringify(process.env.SIGN_IV || ''),
      }),
      ...(isDev ? [] : [new MiniCssExtractPlugin({ filename: '[name].[contenthash:10].css', chunkFilename: '[name].[contenthash:10].css' })]),
      new ForbiddenImportsPlugin(),
      antdResultIllustrations(),
      ...(isDev ? [] : [new ChunkPackagesPlugin(), ...compressionPlugins()]),
    ],
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

/** The module-federation container of one area (mf-chat, mf-pay, …). */
function remoteConfig({ packageDir, area, mode = 'production', env = process.env }) {
  const entry = areas.areas.find((a) => a.area === area);
  if (!entry) throw new Error(`unknown area "${area}" (see contracts/src/federation/areas.json)`);
  const pkg = require(path.join(packageDir, 'package.json'));
  const version = env.REMOTE_VERSION || pkg.version;
  const isDev = mode === 'development';
  const config = commonConfig({
    packageDir,
    mode,
    classPrefix: entry.container,
    outputPath: path.join(packageDir, 'dist', version),
    publicPath: isDev ? `http://localhost:${entry.devPort}/` : 'auto',
    // Versioned so that two versions of one area can load into the same page (a fallback after a
    // failed mount) without sharing webpack's chunk registry.
    uniqueName: `${entry.container}__${version.replace(/[^0-9A-Za-z]/g, '_')}`,
  });
  config.plugins.push(
    new webpack.DefinePlugin({
      __AREA_VERSION__: JSON.stringify(version),
    }),
    new ModuleFederationPlugin({
      name: entry.container,
      filename: 'remoteEntry.js',
      exposes: { './app': './src/app.tsx', ...entry.exposes },
      shared: sharedConfig({ role: 'remote' }),
      shareStrategy: 'loaded-first',
      manifest: true,
      dts: false,
      // Use the host's federation runtime instead of shipping a copy in every remoteEntry.js.
      experiments: { externalRuntime: true },
    }),
    new ReleaseFilePlugin({ area, container: entry.container, version }),
    new PageChunksPlugin(),
  );
  // An area's own additions (a library's loader rules, assets to copy): `<package>/webpack.area.cjs`
  // exports (config, { mode }) => void, applied to every build of the area (package, e2e fixtures, bench).
  const extension = path.join(packageDir, 'webpack.area.cjs');
  if (require('node:fs').existsSync(extension)) require(extension)(config, { mode });
  config.devServer = {
    port: entry.devPort,
    headers: { 'Access-Control-Allow-Origin': '*' },
    hot: false,
    liveReload: true,
  };
  return config;
}

/** The host shell: single-spa root config and module-federation host. */
function hostConfig({ packageDir, mode = 'production', env = process.env }) {
  const isDev = mode === 'development';
  const config = commonConfig({
    packageDir,
    mode,
    classPrefix: 'qm_host',
    outputPath: path.join(packageDir, 'dist'),
    publicPath: '/',
    uniqueName: 'qm_host',
  });
  config.optimization = { splitChunks: uiKitSplitChunks() };
  const devServerOrigin = env.DEV_API_ORIGIN || 'http://localhost:8080';
  config.plugins.push(
    new webpack.DefinePlugin({
      __DEFAULT_REGISTRY__: JSON.stringify(defaultRegistry(isDev)),
      // `pnpm dev`: load every area from its dev server, not from the registry's published builds.
      __USE_BUILT_IN_REGISTRY__: JSON.stringify(isDev),
      __SERVICE_WORKER__: JSON.stringify(!isDev),
    }),
    new ModuleFederationPlugin({
      name: 'qm_host',
      remotes: {},
      shared: sharedConfig({ role: 'host' }),
      shareStrategy: 'loaded-first',
      dts: false,
      experiments: { provideExternalRuntime: true },
    }),
    new HtmlWebpackPlugin({ template: './src/index.html', scriptLoading: 'defer' }),
    new SharedChunksPlugin(),
    // The web app manifest and its icons (install as an app), served as they are.
    new CopyPlugin({ patterns: [{ from: path.join(packageDir, 'public'), noErrorOnMissing: true }] }),
    ...(isDev ? [] : [serviceWorkerPlugin()]),
  );
  config.devServer = {
    port: areas.hostDevPort,
    historyApiFallback: true,
    hot: false,
    proxy: [{ context: ['/app-api', '/ping', '/remotes', '/sandbox-pay'], target: devServerOrigin }],
  };
  return config;
}

/**
 * The host's service worker (host-shell/src/sw/sw.ts → dist/sw.js) with the precache list of this
 * build: every file a browser fetches, hashed names by their URL (the hash is the revision), the
 * rest (icons, the web app manifest) by a content revision. Not the page (per visitor, from the
 * network), nor maps, siblings, licence notes or the build's JSON for the server.
 */
function serviceWorkerPlugin() {
  const { InjectManifest } = require('workbox-webpack-plugin');
  return new InjectManifest({
    swSrc: './src/sw/sw.ts',
    swDest: 'sw.js',
    exclude: [/\.(map|br|gz|txt)$/, /^index\.html$/, /^[^/]+\.json$/, /^sw\.js$/],
    dontCacheBustURLsMatching: /\.[0-9a-f]{10}\.(js|css)$/,
  });
}

/** What the host uses when it has never reached the registry: every area at its package version. */
function defaultRegistry(isDev) {
  return {
    areas: areas.areas.map((a) => {
      const version = require(path.join(__dirname, '..', a.package, 'package.json')).version;
      return {
        area: a.area,
        container: a.container,
        version,
        entry: isDev ? `http://localhost:${a.devPort}/mf-manifest.json` : `/remotes/${a.area}/${version}/mf-manifest.json`,
        fallback: null,
        routes: a.routes,
      };
    }),
    apiSite: '',
    // The domestic site with its switches off: the server's registry says otherwise when configured.
    site: { edition: 'domestic', locale: 'zh-CN', guards: false, specialLayout: false },
  };
}

module.exports = { remoteConfig, hostConfig, areas };

/** Runs one webpack build (used by the e2e suite for its fixture remotes). */
function runBuild(config) {
  return new Promise((resolve, reject) => {
    webpack(config, (error, stats) => {
      if (error) return reject(error);
      if (stats.hasErrors()) return reject(new Error(stats.toString('errors-only')));
      resolve(stats);
    });
  });
}

module.exports.runBuild = runBuild;
