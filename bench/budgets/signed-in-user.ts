// Run by budgets.mjs (`node --import tsx`) before the server starts: makes one user in the data dir
// given by DATA_DIR, through the server's own services (the render benchmark's bench user), and
// prints the localStorage entries of a signed-in browser as JSON on stdout.
import { buildApp } from '../../server/src/app.ts';
import { loadConfig } from '../../server/src/config.ts';
import { STORAGE_KEYS } from '../../shared-sdk/src/stores/storageKeys.ts';
import { createBenchUser } from '../chat-render/seed.ts';

const app = await buildApp(loadConfig(process.env));
try {
  const user = await createBenchUser(app);
  const storage = { [STORAGE_KEYS.accessToken]: user.accessToken, [STORAGE_KEYS.refreshToken]: user.refreshToken, [STORAGE_KEYS.loginState]: 'true' };
  process.stdout.write(`${JSON.stringify(storage)}\n`);
} finally {
  await app.close();
}
