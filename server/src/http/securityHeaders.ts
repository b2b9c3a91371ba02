import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

export type CspMode = 'enforce' | 'report-only' | 'off';

export interface SecurityHeadersOptions {
  /** enforce (production default), report-only (development default: violations only logged in the console), off. */
  cspMode: CspMode;
  /** The code-preview origin (PREVIEW_ORIGIN): the chat frames it. */
  previewOrigin: string | undefined;
  /** The origins remote builds are loaded from besides this one (absolute registry entries); re-read at most every 30 s. */
  remoteOrigins: () => Promise<readonly string[]>;
}

const REMOTE_ORIGINS_TTL_MS = 30_000;

/**
 * The Content-Security-Policy of the product's pages (host, remotes, stand-in pages). Scripts only
 * from this origin and the remotes' origins (no inline script, no eval); styles may be inline
 * (the host's splash <style>, KaTeX's style attributes, mermaid's <style> in its SVG); images from
 * anywhere over https (avatars, QR codes) and data:/blob:; audio from blob: (read-aloud); frames only
 * of the preview origin; no plugins; forms post to this origin only; framed by this origin only.
 */
export function cspDirectives(previewOrigin: string | undefined, remoteOrigins: () => readonly string[]) {
  const remotes = () => remoteOrigins().join(' ') || "'self'";
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", remotes],
    styleSrc: ["'self'", "'unsafe-inline'", remotes],
    fontSrc: ["'self'", 'data:', remotes],
    imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
    mediaSrc: ["'self'", 'data:', 'blob:'],
    connectSrc: ["'self'", remotes],
    workerSrc: ["'self'", 'blob:'],
    frameSrc: ["'self'", ...(previewOrigin ? [previewOrigin] : [])],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'self'"],
    upgradeInsecureRequests: null,
  };
}

/**
 * Security headers on every answer (@fastify/helmet): the CSP above, X-Frame-Options SAMEORIGIN and
 * frame-ancestors 'self', X-Content-Type-Options nosniff, Referrer-Policy
 * strict-origin-when-cross-origin, and HSTS only on a request that came over HTTPS (request.protocol,
 * which follows X-Forwarded-Proto behind a trusted proxy) — never on plain HTTP, where a browser
 * ignores it and a local server must stay reachable. The preview frame (previewFrame.ts) opts out
 * with `helmet: false`: it is made to be framed by the product and to run the previewed code.
 */
export async function installSecurityHeaders(app: FastifyInstance, options: SecurityHeadersOptions): Promise<void> {
  // The registry may gain a release from another origin at any time (pnpm ops on any instance).
  let origins: readonly string[] = [];
  let readAt = -Infinity;
  app.addHook('onRequest', async () => {
    if (Date.now() - readAt < REMOTE_ORIGINS_TTL_MS) return;
    readAt = Date.now();
    origins = await options.remoteOrigins().catch(() => origins);
  });
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: options.cspMode === 'off' ? false : { useDefaults: false, reportOnly: options.cspMode === 'report-only', directives: cspDirectives(options.previewOrigin, () => origins) },
    frameguard: { action: 'sameorigin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: false,
    // Cross-origin isolation would stop the preview frame and images from other origins.
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: false,
    // Popups (social login, a pay provider's cashier) keep their opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });
}
