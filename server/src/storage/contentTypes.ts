/**
 * Content types by file name, as @fastify/static sends them for the same files: for publishing
 * front-end builds into a store and for files a local store finds without their recorded type
 * (written before the store existed).
 */
const BY_EXTENSION: Record<string, string> = {
  js: 'application/javascript; charset=utf-8',
  mjs: 'application/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  html: 'text/html; charset=utf-8',
  json: 'application/json; charset=utf-8',
  map: 'application/json; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  ico: 'image/x-icon',
  woff: 'font/woff',
  woff2: 'font/woff2',
  ttf: 'font/ttf',
  otf: 'font/otf',
  wasm: 'application/wasm',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  mp4: 'video/mp4',
};

export const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

/** The type of a file or key by its extension; application/octet-stream when unknown. */
export function contentTypeOf(name: string): string {
  const match = /\.([A-Za-z0-9]+)$/.exec(name);
  return (match && BY_EXTENSION[match[1]!.toLowerCase()]) || DEFAULT_CONTENT_TYPE;
}
