// Over the host build (run after `pnpm build`): how many files the UI kit's loaders fetch
// (ui-kit-chunks.cjs), which is what an area's first visit pays in requests for its kits.
const fs = require('node:fs');
const path = require('node:path');

const hostDist = path.resolve(__dirname, '..', 'host-shell', 'dist');
const readJson = (file) => JSON.parse(fs.readFileSync(path.join(hostDist, file), 'utf8'));
const KIT_PARTS = ['@qiming/sdk/ui/display', '@qiming/sdk/ui/feedback', '@qiming/sdk/ui/form'];

describe('the host build’s UI kit chunks', () => {
  const { shared, boot } = readJson('shared-chunks.json');
  const kit = shared['@qiming/sdk/ui'];

  it('fetches @qiming/sdk/ui as one script', () => {
    expect(kit).toEqual([expect.stringMatching(/^ui-kit\.[0-9a-f]+\.js$/)]);
  });

  it('fetches every part of the kit, beyond the kit itself, as one and the same script', () => {
    const beyondKit = KIT_PARTS.map((name) => shared[name].filter((file) => !kit.includes(file)));
    expect(beyondKit).toEqual(KIT_PARTS.map(() => [expect.stringMatching(/^ui-kit-parts\.[0-9a-f]+\.js$/)]));
  });

  it('keeps the kit chunks out of the boot and of every other shared module', () => {
    const kitFiles = new Set([...kit, ...KIT_PARTS.flatMap((name) => shared[name])]);
    const others = Object.entries(shared).filter(([name]) => name !== '@qiming/sdk/ui' && !KIT_PARTS.includes(name));
    expect([...boot.files, ...others.flatMap(([, files]) => files)].filter((file) => kitFiles.has(file))).toEqual([]);
  });

  it('holds antd in the kit chunks (chunk-packages.json)', () => {
    const packages = readJson('chunk-packages.json');
    expect(packages[kit[0]]).toContain('antd');
    expect(packages[shared['@qiming/sdk/ui/display'].find((file) => file.startsWith('ui-kit-parts.'))]).toContain('antd');
  });

  it('fetches the shared modules every page boots with as one script', () => {
    expect([...new Set(boot.shared.flatMap((name) => shared[name]))]).toEqual([expect.stringMatching(/^boot-shared\.[0-9a-f]+\.js$/)]);
  });
});
