/** The server's list of a release's files (server/src/modules/platform/routes.ts). */
export function releaseFilesUrl(area: string, version: string): string {
  return `/app-api/platform/releases/${encodeURIComponent(area)}/${encodeURIComponent(version)}/files`;
}

/** A file name inside the release folder: relative, no parent or dot segments, no scheme. */
const INSIDE_RELEASE = /^(?!\/)(?!.*:)(?!(?:.*\/)?\.)[^?#\\]+$/;

/**
 * Fonts are not fetched ahead: the chat area's Chinese font alone is some hundred unicode-range
 * subsets (~3 MB) of which a page uses a few, and KaTeX ships each font in woff2, woff and ttf.
 * The worker keeps a font of a cached version when the page first uses it (`keptOnUse`).
 */
const FONT = /\.(woff2?|ttf|otf|eot)$/i;

/** Whether a file of a cached release is stored when the page fetches it, rather than ahead. */
export function keptOnUse(pathname: string): boolean {
  return FONT.test(pathname);
}

/**
 * The absolute URLs of a release's files from the server's answer (`{ code: 0, data: { files } }`);
 * null when the answer is not such a list. A name that would leave the release folder is dropped.
 */
export function releaseFileUrls(answer: unknown, base: string): string[] | null {
  if (typeof answer !== 'object' || answer === null) return null;
  const { code, data } = answer as { code?: unknown; data?: { files?: unknown } | null };
  const files = data?.files;
  if (code !== 0 || !Array.isArray(files)) return null;
  return files
    .filter((file): file is string => typeof file === 'string' && INSIDE_RELEASE.test(file) && !keptOnUse(file))
    .map((file) => new URL(file.split('/').map(encodeURIComponent).join('/'), base).href);
}
