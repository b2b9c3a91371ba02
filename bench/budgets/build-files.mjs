// What a requested file is in the builds the server serves: which build it belongs to (the host's
// dist, or a published remote in the data dir's store), its federation role, the shared modules it
// serves and the packages it holds (the build's chunk-packages.json).
import fs from 'node:fs';
import path from 'node:path';

/**
 * Libraries too large to load before a page uses them (issue 23), as npm package names. Not all are
 * dependencies today (`grep` the package.json files): the check reads what the loaded chunks hold,
 * so one that arrives later is caught without changing this list.
 */
export const HEAVY_PACKAGES = [
  'mermaid',
  'katex',
  'highlight.js',
  'html2canvas',
  'html2canvas-pro',
  'jspdf',
  'pdfjs-dist',
  'react-pdf',
  'pptxgenjs',
  'pptx-preview',
  '@excalidraw/excalidraw',
  'tldraw',
  'fabric',
  'konva',
  'xlsx',
  'echarts',
];

const FEDERATION_ROLES = [
  [/mf-manifest\.json$/, 'manifest'],
  [/remoteEntry\.js$/, 'remoteEntry'],
  [/__federation_expose_/, 'expose'],
  [/^\/app-api\//, 'API'],
  [/^\/main\.[^/]*\.js$/, 'host entry'],
];
const CODE_FILE = /\.(m?js|css)$/;

export const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));
const findFile = (dir, test) => (fs.existsSync(dir) ? fs.readdirSync(dir).find(test) : undefined);
const runtimeOf = (dir) => findFile(dir, (f) => /^main\..*\.js$/.test(f)) ?? findFile(dir, (f) => f === 'remoteEntry.js');

/** Files of a shared module in a build: the chunks its runtime's loader fetches for it, then the manifest's sync assets. */
export function sharedChunkFiles(dir, name) {
  const files = new Set();
  const runtimeFile = runtimeOf(dir);
  const runtime = runtimeFile ? fs.readFileSync(path.join(dir, runtimeFile), 'utf8') : '';
  const loader = runtime.match(new RegExp(`"${name.replace(/[/.]/g, '\\$&')}","[^"]+",\\(\\)=>Promise\\.all\\(\\[([^\\]]*)\\]`));
  for (const [, id] of loader?.[1].matchAll(/\.e\((\d+)\)/g) ?? []) {
    const file = findFile(dir, (f) => f.startsWith(`${id}.`) && f.endsWith('.js'));
    if (file) files.add(file);
  }
  for (const file of readJson(path.join(dir, 'mf-manifest.json')).shared.find((s) => s.name === name)?.assets.js.sync ?? []) files.add(file);
  return [...files];
}

/** Chunk file -> the shared modules it serves in that build, to label request lists. */
function sharedOwnersByFile(dir) {
  const owners = new Map();
  if (!fs.existsSync(path.join(dir, 'mf-manifest.json'))) return owners;
  for (const { name } of readJson(path.join(dir, 'mf-manifest.json')).shared) {
    for (const file of sharedChunkFiles(dir, name)) owners.set(file, [...(owners.get(file) ?? []), name]);
  }
  return owners;
}

/** The builds behind the server: `hostDist` (served at /) and the remote store (served at /remotes/). */
export function buildFiles({ hostDist, remotesDir }) {
  const cache = new Map(); // build dir -> { shared, packages }
  const buildOf = (dir) => {
    if (!cache.has(dir)) {
      const packagesFile = path.join(dir, 'chunk-packages.json');
      cache.set(dir, { shared: sharedOwnersByFile(dir), packages: fs.existsSync(packagesFile) ? readJson(packagesFile) : {} });
    }
    return cache.get(dir);
  };

  /** The build a URL's file comes from: { area (null for the host), dir, file }. */
  function locate(url) {
    const urlPath = new URL(url).pathname;
    const remote = urlPath.match(/^\/remotes\/([^/]+)\/([^/]+)\/(.+)$/);
    if (remote) return { area: remote[1], dir: path.join(remotesDir, remote[1], remote[2]), file: remote[3] };
    return { area: null, dir: hostDist, file: urlPath.slice(1) };
  }

  /** What a request is: a federation file, an API call, a shared module's chunk, or another chunk or asset of a build. */
  function roleOf(url) {
    const urlPath = new URL(url).pathname;
    const known = FEDERATION_ROLES.find(([re]) => re.test(urlPath));
    if (known) return known[1];
    const { area, dir, file } = locate(url);
    const owner = area ? `${area} remote` : 'host';
    if (!CODE_FILE.test(urlPath)) return /\.[a-z0-9]+$/i.test(urlPath) ? `${owner} asset` : 'document';
    const shared = buildOf(dir).shared.get(file);
    return shared ? `${owner}: shared ${shared.join(' + ')}` : `${owner} chunk`;
  }

  /** The packages a JS or CSS file holds, or null when its build's chunk-packages.json does not list it. */
  function packagesOf(url) {
    const { dir, file } = locate(url);
    return buildOf(dir).packages[file] ?? null;
  }

  /** The heavy packages among those of the files at `urls`: [{ url, packages }]. */
  function heavyFiles(urls) {
    return urls
      .map((url) => ({ url, packages: (packagesOf(url) ?? []).filter((name) => HEAVY_PACKAGES.includes(name)) }))
      .filter((entry) => entry.packages.length > 0);
  }

  /**
   * A visit's request counted against the area's budget: its feature code is the area's expose and
   * its own chunks and assets (not its manifest or remoteEntry); API calls are listed apart.
   */
  function isFeatureCode(url, area) {
    const role = roleOf(url);
    return locate(url).area === area && (role === 'expose' || role === `${area} remote chunk` || role === `${area} remote asset`);
  }

  return { locate, roleOf, packagesOf, heavyFiles, isFeatureCode, packagesOfBuild: (dir) => buildOf(dir).packages };
}
