// Over every build in the workspace (run after `pnpm build`): the precompressed siblings, the
// hidden source maps and the chunk-packages.json listing the production config promises
// (precompress.test.cjs checks the config).
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');
const { AREAS, PRECOMPRESS_RULE, siblingProblems } = require('@qiming/contracts/federation');

const repoRoot = path.resolve(__dirname, '..');

function builds() {
  const remotes = AREAS.flatMap(({ package: pkg }) => {
    const dist = path.join(repoRoot, pkg, 'dist');
    return fs.existsSync(dist) ? fs.readdirSync(dist).map((version) => path.join(pkg, 'dist', version)) : [];
  });
  return ['host-shell/dist', ...remotes].filter((dir) => fs.existsSync(path.join(repoRoot, dir, 'mf-manifest.json')));
}

const filesOf = (dir) => fs.readdirSync(dir, { recursive: true }).filter((f) => fs.statSync(path.join(dir, f)).isFile());

describe.each(builds())('the build %s', (build) => {
  const dir = path.join(repoRoot, build);
  const files = filesOf(dir);

  it('has .br and .gz siblings of every JS, CSS, HTML, SVG and JSON file over the threshold that compresses', async () => {
    const lacking = files.filter((file) => {
      if (!PRECOMPRESS_RULE.test.test(file)) return false;
      const body = fs.readFileSync(path.join(dir, file));
      if (body.length < PRECOMPRESS_RULE.threshold) return false;
      // Each encoding is skipped only when it would not save a fifth; gzip -9 is the cheap check.
      const worthIt = zlib.gzipSync(body, { level: 9 }).length / body.length <= PRECOMPRESS_RULE.minRatio;
      return worthIt && !(files.includes(`${file}.br`) && files.includes(`${file}.gz`));
    });
    expect(lacking).toEqual([]);
    expect(files.some((f) => f.endsWith('.js.br'))).toBe(true);
    expect(await siblingProblems(dir)).toEqual([]);
  });

  it('has hidden source maps: a .map next to each script and stylesheet, no sourceMappingURL in any', () => {
    const code = files.filter((f) => /\.(js|css)$/.test(f));
    // webpack writes no map for the few-hundred-byte re-export chunks that hold no source of their own.
    const substantial = code.filter((f) => fs.statSync(path.join(dir, f)).size >= 1024);
    expect(substantial.length).toBeGreaterThan(0);
    expect(substantial.filter((f) => !files.includes(`${f}.map`))).toEqual([]);
    expect(code.filter((f) => fs.readFileSync(path.join(dir, f), 'utf8').includes('sourceMappingURL'))).toEqual([]);
  });

  it('lists every script and stylesheet of its chunks in chunk-packages.json (bench/ reads which files hold which packages)', () => {
    const listed = JSON.parse(fs.readFileSync(path.join(dir, 'chunk-packages.json'), 'utf8'));
    // Chunk files carry their [contenthash:10]; files copied as they are (public/) are no chunk's.
    const code = files.filter((f) => /\.[0-9a-f]{10}\.(js|css)$/.test(f));
    expect(code.filter((f) => !Array.isArray(listed[f]))).toEqual([]);
  });
});

describe('the host build', () => {
  it("carries none of antd Result's large pictures, only our small one (build-config antdResultIllustrations)", () => {
    const dir = path.join(repoRoot, 'host-shell', 'dist');
    const scripts = filesOf(dir).filter((f) => f.endsWith('.js')).map((f) => fs.readFileSync(path.join(dir, f), 'utf8'));
    expect(scripts.filter((code) => code.includes('No Found'))).toEqual([]);
    expect(scripts.some((code) => code.includes('E4EBF7') && code.includes('colorPrimary'))).toBe(true);
  });
});
