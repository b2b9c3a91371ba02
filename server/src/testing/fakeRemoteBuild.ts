import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface FakeBuildOptions {
  area?: string;
  version?: string;
  container?: string;
  exposes?: readonly string[];
  shared?: ReadonlyArray<{ name: string; version: string; singleton: boolean; requiredVersion: string }>;
  remoteEntry?: string;
  /** null: the build has none. */
  chunkPackages?: Readonly<Record<string, readonly string[]>> | null;
  /** The `./app` expose's files (mf-manifest.json) and the shared modules it requires (mf-stats.json); the files are not written. */
  appAssets?: { js: readonly string[]; css: readonly string[]; requires: readonly string[] };
}

export const GOOD_SHARED = [
  { name: 'react', version: '19.3.1', singleton: true, requiredVersion: '^19.0.0' },
  { name: 'react-dom', version: '19.3.1', singleton: true, requiredVersion: '^19.0.0' },
  { name: '@qiming/sdk', version: '0.1.0', singleton: true, requiredVersion: '^0.1.0' },
];

/** Every build this test process made, removed when it exits (a test may still read one until then). */
const made: string[] = [];
process.once('exit', () => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});

/** A build directory shaped like the real ones (release.json, mf-manifest.json, remoteEntry.js). */
export function fakeRemoteBuild(options: FakeBuildOptions = {}): string {
  const area = options.area ?? 'chat';
  const version = options.version ?? '1.0.0';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qm-build-'));
  made.push(dir);
  fs.writeFileSync(path.join(dir, 'release.json'), JSON.stringify({ area, version, container: `mf_${area}` }));
  fs.writeFileSync(
    path.join(dir, 'mf-manifest.json'),
    JSON.stringify({
      id: options.container ?? `mf_${area}`,
      name: options.container ?? `mf_${area}`,
      metaData: { name: options.container ?? `mf_${area}`, publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' } },
      shared: options.shared ?? GOOD_SHARED,
      exposes: (options.exposes ?? ['./app']).map((p) => ({
        id: `mf_${area}:${p.slice(2)}`,
        name: p.slice(2),
        path: p,
        ...(p === './app' && options.appAssets
          ? { assets: { js: { sync: options.appAssets.js, async: [] }, css: { sync: options.appAssets.css, async: [] } } }
          : {}),
      })),
    }),
  );
  // The build's stats name what each expose requires of the shared modules (the manifest does not).
  if (options.appAssets) fs.writeFileSync(path.join(dir, 'mf-stats.json'), JSON.stringify({ exposes: [{ path: './app', requires: options.appAssets.requires }] }));
  fs.writeFileSync(path.join(dir, 'remoteEntry.js'), options.remoteEntry ?? `/* ${area} ${version} */`);
  if (options.chunkPackages !== null) {
    fs.writeFileSync(path.join(dir, 'chunk-packages.json'), JSON.stringify(options.chunkPackages ?? { 'main.abc123.js': [`mf-${area}`] }));
  }
  fs.writeFileSync(path.join(dir, 'main.abc123.js'), '/* chunk */');
  return dir;
}
