/** The server's list of a release's files (server/src/modules/platform/routes.ts). */
export function releaseFilesUrl(area: string, version: string): string {
  return `/app-api/platform/releases/${encodeURIComponent(area)}/${encodeURIComponent(version)}/files`;
}

/** A file name inside the release folder: relative, no parent or dot segments, no scheme. */
const INSIDE_RELEASE = /^(?!\/)(?!.*:)(?!(?:.*\/)?\.)[^?#\\]+$/;

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
    .filter((file): file is string => typeof file === 'string' && INSIDE_RELEASE.test(file))
    .map((file) => new URL(file.split('/').map(encodeURIComponent).join('/'), base).href);
}
