/** The registry the host falls back to when it has never reached the server (set by the build). */
declare const __DEFAULT_REGISTRY__: import('@qiming/sdk').Registry;

/** True in `pnpm dev`: the host loads areas from their dev servers and skips the registry. */
declare const __USE_BUILT_IN_REGISTRY__: boolean;

/** True in production builds: the host registers its service worker (dist/sw.js); `pnpm dev` has none. */
declare const __SERVICE_WORKER__: boolean;
