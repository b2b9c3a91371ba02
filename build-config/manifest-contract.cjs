// The rules a remote build must follow to join the page: the expected container, an './app'
// expose, the SDK consumed as shared, every contract module a singleton within its allowed range,
// the UI kit never shared on its own (mf-manifest.json), and no copy of a singleton bundled into the
// area (chunk-packages.json, written by the build). The server refuses to publish a build that
// breaks them; the contract test checks every build the workspace produces.
const semver = require('semver');
const defaultContract = require('./shared-contract.json');

const REQUIRED_SHARED = ['@qiming/sdk'];

/** Problems (in Chinese, for the operator) with a manifest; an empty list means acceptable. */
function manifestProblems(manifest, expectedContainer, contract = defaultContract) {
  if (!manifest || typeof manifest !== 'object') return ['mf-manifest.json 不是合法的 JSON 对象'];
  const problems = [];
  const name = (manifest.metaData && manifest.metaData.name) || manifest.name;
  if (name !== expectedContainer) problems.push(`容器名应为 ${expectedContainer}，实际为 ${name || '（空）'}`);
  if (!(manifest.exposes || []).some((e) => e && e.path === './app')) problems.push('没有暴露 ./app');
  const shared = Array.isArray(manifest.shared) ? manifest.shared : [];
  for (const required of REQUIRED_SHARED) {
    if (!shared.some((s) => s.name === required)) problems.push(`没有共享 ${required}`);
  }
  for (const entry of shared) {
    if (contract.forbiddenDirectImports.includes(entry.name)) {
      problems.push(`${entry.name} 只能通过 ${contract.uiKitEntry} 共享`);
      continue;
    }
    const allowed = contract.singletons[entry.name];
    if (!allowed) continue;
    if (!entry.singleton) problems.push(`${entry.name} 必须是单例共享`);
    if (entry.version && !semver.satisfies(entry.version, allowed)) problems.push(`${entry.name} 版本 ${entry.version} 不在允许范围 ${allowed} 内`);
    const required = entry.requiredVersion;
    if (required && semver.validRange(required) && !semver.subset(required, allowed)) {
      problems.push(`${entry.name} 要求的版本范围 ${required} 超出允许范围 ${allowed}`);
    }
  }
  return problems;
}

/** Singletons an area bundled itself (chunk-packages.json: file → packages), which would give the page two copies. */
function bundlingProblems(chunkPackages, contract = defaultContract) {
  if (!chunkPackages || typeof chunkPackages !== 'object') return ['缺少 chunk-packages.json（请用项目的构建命令生成）'];
  const bundled = new Set(Object.values(chunkPackages).flat().filter((name) => contract.neverBundledByAreas.includes(name)));
  return [...bundled].sort().map((name) => `区域不能自带 ${name}（它由宿主共享提供）`);
}

/** Every problem of a remote build; an empty list means it may be published. */
function buildProblems({ manifest, chunkPackages }, expectedContainer, contract = defaultContract) {
  return [...manifestProblems(manifest, expectedContainer, contract), ...(manifest && typeof manifest === 'object' ? bundlingProblems(chunkPackages, contract) : [])];
}

module.exports = { manifestProblems, bundlingProblems, buildProblems, REQUIRED_SHARED };
