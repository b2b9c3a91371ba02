// Writes shared-chunks.json: for each shared module the build provides, the JS and CSS files its
// loader fetches (the chunk group of the provide module's lazy block), e.g.
// { "@qiming/sdk/ui": ["922.x.js", "501.x.js", …] }. The server preloads, from the host page, the
// files of the shared modules a route's area needs (server/README.md, "Host page"). The manifest's
// `shared[].assets` is no substitute: it names one chunk (twice, under two ids), not the group.
const PROVIDED = /(?:^|\/)webpack\/sharing\/provide\/[^/]+\/(.+)$/;

class SharedChunksPlugin {
  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('SharedChunksPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'SharedChunksPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const byShared = {};
        for (const module of compilation.modules) {
          const name = module.libIdent?.({ context: compiler.context })?.match(PROVIDED)?.[1];
          if (!name) continue;
          const files = new Set();
          for (const block of module.blocks) {
            const group = compilation.chunkGraph.getBlockChunkGroup(block);
            for (const chunk of group?.chunks ?? []) for (const file of chunk.files) if (/\.(js|css)$/.test(file)) files.add(file);
          }
          byShared[name] = [...files].sort();
        }
        compilation.emitAsset('shared-chunks.json', new RawSource(JSON.stringify(byShared, null, 1)));
      });
    });
  }
}

module.exports = { SharedChunksPlugin };
