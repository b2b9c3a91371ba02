// Contract test over every built remote: run after `pnpm build` (the test command builds first).
const fs = require('node:fs');
const path = require('node:path');
const { buildProblems, bundlingProblems, manifestProblems } = require('./manifest-contract.cjs');
const { areas } = require('./areas.json');

const repoRoot = path.resolve(__dirname, '..');

function builtVersions(pkg) {
  const dist = path.join(repoRoot, pkg, 'dist');
  return fs.existsSync(dist) ? fs.readdirSync(dist).filter((v) => fs.existsSync(path.join(dist, v, 'mf-manifest.json'))) : [];
}

describe.each(areas)('built remote $package', ({ package: pkg, container, area }) => {
  const versions = builtVersions(pkg);

  it('has been built', () => {
    expect(versions.length).toBeGreaterThan(0);
  });

  it.each(versions)('version %s follows the shared-singleton contract', (version) => {
    const dir = path.join(repoRoot, pkg, 'dist', version);
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'mf-manifest.json'), 'utf8'));
    const chunkPackages = JSON.parse(fs.readFileSync(path.join(dir, 'chunk-packages.json'), 'utf8'));
    expect(buildProblems({ manifest, chunkPackages }, container)).toEqual([]);
    const release = JSON.parse(fs.readFileSync(path.join(dir, 'release.json'), 'utf8'));
    expect(release).toMatchObject({ area, container, version });
    expect(fs.existsSync(path.join(dir, 'remoteEntry.js'))).toBe(true);
    // Every chunk but the entry is content-hashed, so it can be cached forever.
    const unhashed = fs.readdirSync(dir).filter((f) => /\.(js|css)$/.test(f) && f !== 'remoteEntry.js' && !/\.[0-9a-f]{10}\.(js|css)$/.test(f));
    expect(unhashed).toEqual([]);
  });
});

describe('the host build', () => {
  it('provides every shared singleton of the contract (areas only consume them)', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, 'host-shell', 'dist', 'mf-manifest.json'), 'utf8'));
    const provided = manifest.shared.map((s) => s.name).sort();
    expect(provided).toEqual(Object.keys(require('./shared-contract.json').singletons).sort());
  });
});

describe('manifestProblems', () => {
  const good = {
    metaData: { name: 'mf_chat' },
    exposes: [{ path: './app' }],
    shared: [
      { name: 'react/jsx-runtime', version: '19.3.1', singleton: true, requiredVersion: '^19.0.0' },
      { name: '@qiming/sdk', version: '0.1.0', singleton: true, requiredVersion: '^0.1.0' },
    ],
  };

  it('accepts a conforming manifest', () => {
    expect(manifestProblems(good, 'mf_chat')).toEqual([]);
  });

  it('names each problem', () => {
    const bad = {
      metaData: { name: 'mf_other' },
      exposes: [],
      shared: [
        { name: 'react', version: '18.2.0', singleton: false, requiredVersion: '>=18' },
        { name: 'antd', version: '6.0.0', singleton: true },
      ],
    };
    expect(manifestProblems(bad, 'mf_chat')).toEqual([
      '容器名应为 mf_chat，实际为 mf_other',
      '没有暴露 ./app',
      '没有共享 @qiming/sdk',
      'react 必须是单例共享',
      'react 版本 18.2.0 不在允许范围 ^19.0.0 内',
      'react 要求的版本范围 >=18 超出允许范围 ^19.0.0',
      'antd 只能通过 @qiming/sdk/ui 共享',
    ]);
  });

  it('refuses an area that bundled its own copy of a singleton', () => {
    expect(bundlingProblems({ 'main.js': ['mf-chat'], '12.js': ['react', 'react-dom', 'mf-chat'] })).toEqual([
      '区域不能自带 react（它由宿主共享提供）',
      '区域不能自带 react-dom（它由宿主共享提供）',
    ]);
    expect(bundlingProblems(undefined)).toEqual(['缺少 chunk-packages.json（请用项目的构建命令生成）']);
    expect(buildProblems({ manifest: good, chunkPackages: { 'a.js': ['mf-chat', 'dayjs'] } }, 'mf_chat')).toEqual([]);
  });

  it('refuses something that is not a manifest', () => {
    expect(manifestProblems(null, 'mf_chat')).toEqual(['mf-manifest.json 不是合法的 JSON 对象']);
  });
});
