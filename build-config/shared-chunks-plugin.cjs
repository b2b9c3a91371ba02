// Writes shared-chunks.json for the host build: `shared` — for each shared module the build
// provides, the JS and CSS files its loader fetches (the chunk group of the provide module's lazy
// block), e.g. { "@qiming/sdk/ui": ["922.x.js", "501.x.js", …] }; `boot` — the files of what the
// entry imports lazily (the bootstrap chunk group) and the shared modules that group consumes;
// `requires` — for each shared module, the shared modules its files consume in turn (the UI kit
// asks for react-router-dom, which an area's expose then never names itself). The
// server preloads them from the host page (server/README.md, "Host page"). The manifest's
// `shared[].assets` is no substitute: it names one chunk (twice, under two ids), not the group.
const PROVIDED = /(?:^|\/)webpack\/sharing\/provide\/[^/]+\/(.+)$/;
const CODE = /\.(js|css)$/;

/** The shared module a module-federation provide module provides (its libIdent ignores the context), or undefined for any other module. */
const providedShareOf = (module) => (module.type === 'provide-module' ? module.libIdent({ context: '' }).match(PROVIDED)?.[1] : undefined);

function filesOfBlocks(compilation, module) {
  const files = new Set();
  const chunks = [];
  for (const block of module.blocks) {
    for (const chunk of compilation.chunkGraph.getBlockChunkGroup(block)?.chunks ?? []) {
      chunks.push(chunk);
      for (const file of chunk.files) if (CODE.test(file)) files.add(file);
    }
  }
  return { files, chunks };
}

class SharedChunksPlugin {
  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('SharedChunksPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'SharedChunksPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const { chunkGraph } = compilation;
        const shared = {};
        const requires = {};
        const consumedBy = (chunks) => {
          const keys = new Set();
          for (const chunk of chunks) {
            for (const module of chunkGraph.getChunkModulesIterable(chunk)) if (module.type === 'consume-shared-module') keys.add(module.options.shareKey);
          }
          return keys;
        };
        for (const module of compilation.modules) {
          const name = providedShareOf(module);
          if (!name) continue;
          const { files, chunks } = filesOfBlocks(compilation, module);
          shared[name] = [...files].sort();
          const consumed = [...consumedBy(chunks)].filter((key) => key !== name).sort();
          if (consumed.length > 0) requires[name] = consumed;
        }
        const bootFiles = new Set();
        const bootShared = new Set();
        for (const entrypoint of compilation.entrypoints.values()) {
          for (const entryModule of chunkGraph.getChunkEntryModulesIterable(entrypoint.getEntrypointChunk())) {
            const { files, chunks } = filesOfBlocks(compilation, entryModule);
            for (const file of files) bootFiles.add(file);
            for (const key of consumedBy(chunks)) bootShared.add(key);
          }
        }
        const boot = { files: [...bootFiles].sort(), shared: [...bootShared].sort() };
        compilation.emitAsset('shared-chunks.json', new RawSource(JSON.stringify({ shared, requires, boot }, null, 1)));
      });
    });
  }
}

module.exports = { SharedChunksPlugin, providedShareOf };
