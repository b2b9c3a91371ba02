import semver from 'semver';

export interface SharedContract {
  singletons: Record<string, string>;
  forbiddenDirectImports: string[];
}

interface ManifestShared {
  name: string;
  version?: string;
  singleton?: boolean;
  requiredVersion?: string | false;
}

interface Manifest {
  name?: string;
  metaData?: { name?: string };
  shared?: ManifestShared[];
  exposes?: Array<{ path?: string }>;
}

/** Modules every area must take from the host rather than bundle: one React, one SDK. */
export const REQUIRED_SHARED = ['react', 'react-dom', '@qiming/sdk'];

/**
 * Problems that stop a remote build from being published: the wrong container, no './app' expose,
 * a shared module that is not a singleton or asks for a version outside the contract's range, or
 * a UI kit shared on its own. An empty list means the build is acceptable.
 */
export function manifestProblems(raw: unknown, expectedContainer: string, contract: SharedContract): string[] {
  if (!raw || typeof raw !== 'object') return ['mf-manifest.json 不是合法的 JSON 对象'];
  const manifest = raw as Manifest;
  const problems: string[] = [];
  const name = manifest.metaData?.name ?? manifest.name;
  if (name !== expectedContainer) problems.push(`容器名应为 ${expectedContainer}，实际为 ${name ?? '（空）'}`);
  if (!manifest.exposes?.some((e) => e.path === './app')) problems.push('没有暴露 ./app');
  const shared = manifest.shared ?? [];
  for (const required of REQUIRED_SHARED) {
    if (!shared.some((s) => s.name === required)) problems.push(`没有共享 ${required}`);
  }
  for (const entry of shared) {
    if (contract.forbiddenDirectImports.includes(entry.name)) {
      problems.push(`${entry.name} 只能通过 @qiming/sdk/ui 共享`);
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
