import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';

const config = loadConfig();
const app = await buildApp(config);
const log = app.server.log;

// SIGTERM / SIGINT, or an error nothing handled: stop taking requests, let running ones and the
// module timers finish, close the database and Redis, and exit — at the latest after the grace time.
closeWithGrace(
  {
    delay: config.shutdownGraceSeconds * 1000,
    logger: { error: (message: unknown) => log.error(message) },
    onTimeout: (delay) => log.error(`shutdown did not finish within ${delay} ms; exiting anyway`),
  },
  async ({ err, signal }) => {
    if (err) log.fatal({ err }, 'fatal error: shutting down');
    else log.info(`${signal ?? 'shutdown'}: closing`);
    await app.close();
  },
);

await app.server.listen({ port: config.port, host: config.host });
log.info(`启明 AI is running at http://localhost:${config.port} (${app.db.dialect}, data in ${config.dataDir})`);
