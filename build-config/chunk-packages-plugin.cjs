// Writes chunk-packages.json: for each emitted JS file, the packages whose modules it holds (npm
// packages by name, workspace packages by folder). bench/ uses it to tell a shared module's own
// code from the libraries bundled with it.
const path = require('node:path');

const repoRoot = path.resolve(__dirname, '..');

function packageOf(resource) {
  const marker = `${path.sep}node_modules${path.sep}`;
  const at = resource.lastIndexOf(marker);
  if (at >= 0) {
    const parts = resource.slice(at + marker.length).split(path.sep);
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  return path.relative(repoRoot, resource).split(path.sep)[0] || 'unknown';
}

function resourcesOf(module) {
  if (module.modules) return module.modules.flatMap(resourcesOf);
  return module.resource ? [module.resource] : [];
}

class ChunkPackagesPlugin {
  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('ChunkPackagesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'ChunkPackagesPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const byFile = {};
        for (const chunk of compilation.chunks) {
          const packages = new Set();
          for (const module of compilation.chunkGraph.getChunkModulesIterable(chunk)) {
            for (const resource of resourcesOf(module)) packages.add(packageOf(resource));
          }
          for (const file of chunk.files) if (file.endsWith('.js')) byFile[file] = [...packages].sort();
        }
        compilation.emitAsset('chunk-packages.json', new RawSource(JSON.stringify(byFile, null, 1)));
      });
    });
  }
}

module.exports = { ChunkPackagesPlugin };
