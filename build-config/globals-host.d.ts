/** The registry the host falls back to when it has never reached the server (set by the build). */
declare const __DEFAULT_REGISTRY__: import('@qiming/sdk').Registry;
