// Writes page-chunks.json: for each lazily loaded page chunk of an area (a dynamic import named
// `page-<first path segment of its route>`, `page-index` for `/`), the JS and CSS files its chunk
// group loads. The server reads it to preload the page a route shows from the HTML itself,
// instead of after the area's code has run and its router has asked for the page.
const PAGE_CHUNK = /^page-/;

class PageChunksPlugin {
  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('PageChunksPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'PageChunksPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const pages = {};
        for (const [name, group] of compilation.namedChunkGroups) {
          if (!PAGE_CHUNK.test(name)) continue;
          const files = group.chunks.flatMap((chunk) => [...chunk.files]);
          pages[name] = { js: files.filter((f) => f.endsWith('.js')).sort(), css: files.filter((f) => f.endsWith('.css')).sort() };
        }
        compilation.emitAsset('page-chunks.json', new RawSource(JSON.stringify(pages, null, 1)));
      });
    });
  }
}

module.exports = { PageChunksPlugin };
