import fs from 'node:fs';
import path from 'node:path';
import { buildApp, type App, type AppOptions } from '../app.js';
import { loadConfig, type ServerConfig } from '../config.js';
import { createTestStorage, type TestStorage } from './testDatabase.js';

export interface TestApp {
  app: App;
  config: ServerConfig;
  storage: TestStorage;
  close(): Promise<void>;
}

export interface TestAppOptions extends AppOptions {
  /** Another app's storage (a restart on the same database); left in place on close. */
  storage?: TestStorage;
}

/** The whole server on private storage, with a tiny host shell build so front-end routes resolve. */
export async function createTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const storage = options.storage ?? (await createTestStorage());
  const hostShellDir = path.join(storage.dataDir, 'host-shell');
  fs.mkdirSync(hostShellDir, { recursive: true });
  fs.writeFileSync(path.join(hostShellDir, 'index.html'), '<!doctype html><title>启明 AI</title><div id="qm-shell"></div>');
  fs.writeFileSync(path.join(hostShellDir, 'main.0123456789.js'), 'console.log("host")');
  const config = loadConfig({
    DATA_DIR: storage.dataDir,
    ...(storage.databaseUrl ? { DATABASE_URL: storage.databaseUrl } : {}),
    HOST_SHELL_DIR: hostShellDir,
    LOG_LEVEL: 'silent',
    ...env,
  });
  const app = await buildApp(config, { now: options.now, images: options.images, video: options.video, uploads: options.uploads, mirror: options.mirror, logStream: options.logStream });
  return {
    app,
    config,
    storage,
    async close() {
      await app.close();
      if (!options.storage) await storage.cleanup();
    },
  };
}
