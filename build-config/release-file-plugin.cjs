// Writes release.json next to mf-manifest.json: which area and version this build is. The ops CLI
// reads it when publishing the build into the server's remote store.
class ReleaseFilePlugin {
  constructor(release) {
    this.release = release;
  }
  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.thisCompilation.tap('ReleaseFilePlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'ReleaseFilePlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const body = JSON.stringify({ ...this.release, builtAt: new Date().toISOString() }, null, 2);
          compilation.emitAsset('release.json', new RawSource(body));
        },
      );
    });
  }
}

module.exports = { ReleaseFilePlugin };
