// The host build's splitChunks rules for the shared modules: `@qiming/sdk/ui` in one chunk
// (`ui-kit`), its parts `/display`, `/feedback` and `/form` together in another (`ui-kit-parts`),
// and the shared modules every page boots with (BOOT_SHARED) in a third (`boot-shared`). webpack's
// default rules cut each kit into up to six chunks by which kits share which antd modules, so an
// area's first visit fetched six files for its kits alone, against a budget of three requests
// beyond its feature code with the manifest and remoteEntry counted; and the boot's shared modules
// were nine files on every cold page (issue 23; bench/README.md).
const { providedShareOf } = require('./shared-chunks-plugin.cjs');

const KIT = '@qiming/sdk/ui';
const KIT_PARTS = new Set(['@qiming/sdk/ui/display', '@qiming/sdk/ui/feedback', '@qiming/sdk/ui/form']);
/**
 * What the host's bootstrap consumes (shared-chunks.json `boot.shared`), so every page loads all of
 * them at once: one file instead of nine. The cost: a new host build that changes one of them
 * changes the one file (about 130 KiB brotli) for returning visitors.
 */
const BOOT_SHARED = new Set(['react', 'react-dom', 'react-dom/client', 'react/jsx-runtime', 'mobx', 'mobx-react-lite', 'single-spa', '@qiming/sdk']);

/**
 * The shared module whose loading opened a chunk group: its provide module's, or the fallback of a
 * module consuming it (the host consumes the kits it provides, so each kit has both groups).
 */
const shareLoadedBy = (module) => (module?.type === 'consume-shared-module' ? module.options.shareKey : module && providedShareOf(module));

/** The shared modules whose loading fetches `chunk`; null when one of its groups is opened by anything else. */
function sharesFetching(chunk) {
  const shares = new Set();
  for (const group of chunk.groupsIterable) {
    const names = group.origins.map((origin) => shareLoadedBy(origin.module));
    if (names.length === 0 || names.some((name) => !name)) return null;
    for (const name of names) shares.add(name);
  }
  return shares;
}

/**
 * 'kit' for a module the UI kit's loader fetches (it may also serve a part: the kit is on the page
 * before any part, since every area renders through its AreaRouter), 'parts' for one only the parts
 * fetch, 'boot' for one only the boot's shared modules fetch, null for one anything else also needs
 * (left to webpack's default rules, so that nothing outside a group ever waits for its chunk).
 */
function kitChunkOf(module, chunkGraph) {
  const names = new Set();
  for (const chunk of chunkGraph.getModuleChunksIterable(module)) {
    const shares = sharesFetching(chunk);
    if (!shares || shares.size === 0) return null;
    for (const name of shares) names.add(name);
  }
  if (names.size === 0) return null;
  const all = (test) => [...names].every(test);
  if (all((name) => BOOT_SHARED.has(name))) return 'boot';
  if (!all((name) => name === KIT || KIT_PARTS.has(name))) return null;
  return names.has(KIT) ? 'kit' : 'parts';
}

const cacheGroup = (kind, name) => ({
  test: (module, { chunkGraph }) => kitChunkOf(module, chunkGraph) === kind,
  name,
  chunks: 'async',
  enforce: true,
  priority: 20,
});

/** `optimization.splitChunks` of the host build: webpack's defaults plus the two kit chunks and the boot's. */
function uiKitSplitChunks() {
  return { cacheGroups: { uiKit: cacheGroup('kit', 'ui-kit'), uiKitParts: cacheGroup('parts', 'ui-kit-parts'), bootShared: cacheGroup('boot', 'boot-shared') } };
}

module.exports = { uiKitSplitChunks, kitChunkOf };
