import fs from 'node:fs';
import path from 'node:path';
import { echoChannelEnv, startEchoUpstream } from './support/echoUpstream';
import { repoRoot, startProduct } from './support/product';
import { writeSeenAnnouncementsState } from './support/seenAnnouncements';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { remoteConfig, runBuild } = require('@qiming/build-config') as {
  remoteConfig(options: { packageDir: string; area: string; mode?: string; env?: Record<string, string | undefined> }): unknown;
  runBuild(config: unknown): Promise<unknown>;
};

export const TOOLBOX_V2 = '2.0.0-e2e';
export const BROKEN_PAY = '3.0.0-broken';

/** Fixture remotes built with the real build configuration: a second toolbox version and a pay area that cannot mount. */
async function buildFixtures() {
  const toolboxDir = path.join(repoRoot, 'mf-toolbox');
  if (!fs.existsSync(path.join(toolboxDir, 'dist', TOOLBOX_V2, 'mf-manifest.json'))) {
    await runBuild(remoteConfig({ packageDir: toolboxDir, area: 'toolbox', env: { ...process.env, REMOTE_VERSION: TOOLBOX_V2 } }));
  }
  const brokenDir = path.join(__dirname, 'fixtures', 'broken-remote');
  await runBuild(remoteConfig({ packageDir: brokenDir, area: 'pay' }));
}

export default async function globalSetup() {
  for (const area of ['account', 'chat', 'pay', 'toolbox', 'media']) {
    if (!fs.existsSync(path.join(repoRoot, `mf-${area}`, 'dist'))) throw new Error(`mf-${area} is not built: run "pnpm build" first`);
  }
  await buildFixtures();
  // The offline model paced fast: answers in well under a second, still streamed in many chunks.
  // Every simulated visitor comes from 127.0.0.1: the per-IP limit on verification codes is raised
  // so the suite's sign-ups are not mistaken for one abusive address.
  // One catalogue model answers through a local echo service (support/echoUpstream.ts). Code
  // previews run on a second origin of the same server: localhost, while the suite uses 127.0.0.1.
  const echo = await startEchoUpstream();
  const product = await startProduct((port) => ({
    ...echoChannelEnv(echo),
    PREVIEW_ORIGIN: `http://localhost:${port}`,
    // The Content-Security-Policy is enforced as in production (tests/security-headers.spec.ts).
    CSP_MODE: 'enforce',
    API_SITE_URL: 'about:blank#api-site',
    OFFLINE_TOKENS_PER_SECOND: '3000',
    OFFLINE_FIRST_TOKEN_MS: '50',
    CODE_RATE_PER_IP_HOUR: '500',
    CAPTCHA_RATE_PER_IP: '500',
  }));
  process.env.E2E_BASE_URL = product.baseUrl;
  process.env.E2E_DATA_DIR = product.dataDir;
  await writeSeenAnnouncementsState(product.baseUrl);
  return async () => {
    product.process.kill('SIGTERM');
    await new Promise((r) => product.process.once('exit', r));
    fs.rmSync(product.dataDir, { recursive: true, force: true });
    await echo.close();
  };
}
