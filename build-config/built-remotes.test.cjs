// Contract test over every built remote: run after `pnpm build` (the test command builds first).
const fs = require('node:fs');
const path = require('node:path');
const { AREAS, SHARED_CONTRACT, buildProblems } = require('@qiming/contracts/federation');

const repoRoot = path.resolve(__dirname, '..');

function builtVersions(pkg) {
  const dist = path.join(repoRoot, pkg, 'dist');
  return fs.existsSync(dist) ? fs.readdirSync(dist).filter((v) => fs.existsSync(path.join(dist, v, 'mf-manifest.json'))) : [];
}

describe.each(AREAS)('built remote $package', ({ package: pkg, container, area }) => {
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

  it.each(versions)('version %s names each page chunk for a route of the area, with files it has', (version) => {
    const dir = path.join(repoRoot, pkg, 'dist', version);
    const pages = JSON.parse(fs.readFileSync(path.join(dir, 'page-chunks.json'), 'utf8'));
    const chunkOfRoute = (route) => `page-${route.split('/').find((segment) => segment !== '') ?? 'index'}`;
    const owned = new Set(AREAS.find((a) => a.area === area).routes.map(chunkOfRoute));
    for (const [name, files] of Object.entries(pages)) {
      expect(owned).toContain(name);
      for (const file of [...files.js, ...files.css]) expect(fs.existsSync(path.join(dir, file))).toBe(true);
    }
  });
});

describe('the host build', () => {
  it('provides every shared singleton of the contract (areas only consume them)', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, 'host-shell', 'dist', 'mf-manifest.json'), 'utf8'));
    const provided = manifest.shared.map((s) => s.name).sort();
    expect(provided).toEqual(Object.keys(SHARED_CONTRACT.singletons).sort());
  });
});
