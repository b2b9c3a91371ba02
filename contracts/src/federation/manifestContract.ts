// The rules a remote build must follow to join the page: the expected container, an './app'
// expose, the SDK consumed as shared, every contract module a singleton within its allowed range,
// the UI kit never shared on its own (mf-manifest.json), and no copy of a singleton bundled into the
// area (chunk-packages.json, written by the build). The server refuses to publish a build that
// breaks them; the contract test checks every build the workspace produces.
import semver from 'semver';
import defaultContract from './shared-contract.json' with { type: 'json' };

export interface SharedContract {
  singletons: Record<string, string>;
  forbiddenDirectImports: string[];
  uiKitEntry: string;
  neverBundledByAreas: string[];
}

export const SHARED_CONTRACT: SharedContract = defaultContract;

export const REQUIRED_SHARED = ['@qiming/sdk'];

interface SharedEntry {
  name: string;
  version?: string;
  singleton?: boolean;
  requiredVersion?: string;
}

interface ManifestShape {
  name?: string;
  metaData?: { name?: string };
  exposes?: Array<{ path?: string } | null>;
  shared?: unknown;
}

/** Problems (in Chinese, for the operator) with a manifest; an empty list means acceptable. */
export function manifestProblems(manifest: unknown, expectedContainer: string, contract: SharedContract = SHARED_CONTRACT): string[] {
  if (!manifest || typeof manifest !== 'object') return ['mf-manifest.json 不是合法的 JSON 对象'];
  const { metaData, name: topName, exposes, shared: sharedField } = manifest as ManifestShape;
  const problems: string[] = [];
  const name = metaData?.name || topName;
  if (name !== expectedContainer) problems.push(`容器名应为 ${expectedContainer}，实际为 ${name || '（空）'}`);
  if (!(exposes ?? []).some((e) => e?.path === './app')) problems.push('没有暴露 ./app');
  const shared = (Array.isArray(sharedField) ? sharedField : []) as SharedEntry[];
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
export function bundlingProblems(chunkPackages: unknown, contract: SharedContract = SHARED_CONTRACT): string[] {
  if (!chunkPackages || typeof chunkPackages !== 'object') return ['缺少 chunk-packages.json（请用项目的构建命令生成）'];
  const packages = Object.values(chunkPackages as Record<string, unknown>).flatMap((names) => (Array.isArray(names) ? names : []));
  const bundled = new Set(packages.filter((name): name is string => typeof name === 'string' && contract.neverBundledByAreas.includes(name)));
  return [...bundled].sort().map((name) => `区域不能自带 ${name}（它由宿主共享提供）`);
}

/** Every problem of a remote build; an empty list means it may be published. */
export function buildProblems({ manifest, chunkPackages }: { manifest: unknown; chunkPackages: unknown }, expectedContainer: string, contract: SharedContract = SHARED_CONTRACT): string[] {
  return [...manifestProblems(manifest, expectedContainer, contract), ...(manifest && typeof manifest === 'object' ? bundlingProblems(chunkPackages, contract) : [])];
}
