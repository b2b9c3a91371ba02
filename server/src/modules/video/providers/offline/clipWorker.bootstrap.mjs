// Worker threads do not inherit the `--import tsx` loader of the server's main thread: this entry
// registers it, then loads the TypeScript worker.
import { register } from 'tsx/esm/api';

register();
await import('./clipWorker.ts');
