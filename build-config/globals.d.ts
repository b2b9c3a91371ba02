/** Set by the build: this remote's release version (package.json version unless REMOTE_VERSION is set). */
declare const __AREA_VERSION__: string;
