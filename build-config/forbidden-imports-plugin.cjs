// The UI kit reaches areas only through @qiming/sdk/ui, so the page holds one tree-shaken copy of
// antd shared as part of the SDK. A direct `import … from 'antd'` outside the SDK would bundle a
// second copy into the area, so it fails the build.
const path = require('node:path');
const { contract } = require('./shared.cjs');

const sdkDir = path.resolve(__dirname, '..', 'shared-sdk') + path.sep;

function isForbidden(request) {
  return contract.forbiddenDirectImports.some((name) => request === name || request.startsWith(`${name}/`));
}

class ForbiddenImportsPlugin {
  apply(compiler) {
    compiler.hooks.normalModuleFactory.tap('ForbiddenImportsPlugin', (factory) => {
      factory.hooks.beforeResolve.tap('ForbiddenImportsPlugin', (data) => {
        const issuer = data.contextInfo && data.contextInfo.issuer;
        if (!issuer || issuer.includes(`${path.sep}node_modules${path.sep}`) || issuer.startsWith(sdkDir)) return;
        if (isForbidden(data.request)) {
          throw new Error(`${issuer}: import "${data.request}" from "${contract.uiKitEntry}" instead (one shared UI kit).`);
        }
      });
    });
  }
}

module.exports = { ForbiddenImportsPlugin, isForbidden };
