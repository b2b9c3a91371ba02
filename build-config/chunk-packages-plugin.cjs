// Writes chunk-packages.json: for each emitted JS and CSS file, the packages whose modules it holds
// (npm packages by name, workspace packages by folder). bench/ uses it to tell a shared module's own
// code from the libraries bundled with it, and which files of a page hold heavy libraries.
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

/** An extracted stylesheet (mini-css-extract) has no resource of its own: it comes from the CSS file its issuer loaded. */
const isExtractedCss = (module) => module.type === 'css/mini-extract';

class ChunkPackagesPlugin {
  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('ChunkPackagesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'ChunkPackagesPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const byFile = {};
        for (const chunk of compilation.chunks) {
          const scripts = new Set();
          const styles = new Set();
          for (const module of compilation.chunkGraph.getChunkModulesIterable(chunk)) {
            if (isExtractedCss(module)) {
              const issuer = compilation.moduleGraph.getIssuer(module);
              for (const resource of issuer ? resourcesOf(issuer) : []) styles.add(packageOf(resource));
            } else {
              for (const resource of resourcesOf(module)) scripts.add(packageOf(resource));
            }
          }
          for (const file of chunk.files) {
            if (file.endsWith('.js')) byFile[file] = [...scripts].sort();
            else if (file.endsWith('.css')) byFile[file] = [...styles].sort();
          }
        }
        compilation.emitAsset('chunk-packages.json', new RawSource(JSON.stringify(byFile, null, 1)));
      });
    });
  }
}

module.exports = { ChunkPackagesPlugin };
