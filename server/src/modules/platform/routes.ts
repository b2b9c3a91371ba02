import { timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import type { ContactInfo, DownloadLinks } from '@qiming/contracts';
import { AppError, ok } from '../../http/envelope.js';
import type { ModuleApp } from '../module.js';
import type { GuardEvents } from './guardEvents.js';
import { withUnpackedRelease } from './releaseArchive.js';
import { MAX_ARCHIVE_BYTES } from './releaseLimits.js';
import { PlatformError, type PlatformService } from './service.js';
import { visitorKey, type UserIdOf } from './visitor.js';

export { ANON_COOKIE } from './visitor.js';

const FailureReport = z.object({
  area: z.string().min(1).max(40),
  version: z.string().max(64).nullable(),
  stage: z.enum(['load', 'mount']),
  message: z.string().max(2000).transform((m) => m.slice(0, 500)),
  entry: z.string().max(500).nullable().optional(),
});
const GuardEventBody = z.object({
  kind: z.enum(['devtools', 'alook'], { error: 'kind 只能是 devtools 或 alook' }),
  path: z.string({ error: 'path 必须是文本' }).max(500, { error: 'path 不能超过 500 个字符' }),
});
const AreaParams = z.object({ area: z.string().min(1).max(40) });
const ReleaseParams = z.object({ area: z.string().min(1).max(40), version: z.string().min(1).max(64) });
const PublishQuery = z.object({ notes: z.string().max(500, { error: 'notes 不能超过 500 个字符' }).optional() });
const ActivateBody = z.object({ version: z.string().min(1).max(64) });
const CanaryBody = z.object({ version: z.string().min(1).max(64), percent: z.number().int().min(0).max(100) });

export interface PlatformRouteOptions {
  service: PlatformService;
  opsToken: string | undefined;
  /** The signed-in user's id (never throws); the cohort then follows the user. */
  userIdOf?: UserIdOf;
  contact: ContactInfo;
  downloads: DownloadLinks;
  guardEvents: GuardEvents;
}

function asAppError(error: unknown): never {
  if (error instanceof PlatformError) throw new AppError(400, error.message);
  throw error;
}

function tokenMatches(expected: string, header: string | undefined): boolean {
  const given = Buffer.from(header?.replace(/^Bearer\s+/i, '') ?? '');
  const want = Buffer.from(expected);
  return given.length === want.length && timingSafeEqual(given, want);
}

export async function platformRoutes(app: ModuleApp, { service, opsToken, userIdOf, contact, downloads, guardEvents }: PlatformRouteOptions): Promise<void> {
  app.get('/platform/remotes', async (request, reply) => {
    const key = await visitorKey(request, reply, userIdOf);
    reply.header('Cache-Control', 'no-cache');
    return ok(await service.registryFor(key));
  });

  // The service worker caches a release by this list (host-shell/README.md, "Service worker").
  app.get('/platform/releases/:area/:version/files', { schema: { params: ReleaseParams } }, async (request, reply) => {
    const { area, version } = request.params;
    const files = await service.releaseFiles(area, version).catch((error: unknown) => {
      if (error instanceof PlatformError) throw new AppError(404, error.message, 404);
      throw error;
    });
    reply.header('Cache-Control', 'no-cache');
    return ok({ files });
  });

  // 联系我们 (spec chat §2 bottom block, platform §2 contact dialog): the operator's published channels.
  app.get('/platform/contact', async () => ok(contact));

  // The download dialog (spec platform §2): Windows installer, browser extension, Android package.
  app.get('/platform/downloads', async () => ok(downloads));

  // The host's guards (spec platform §4, §5). Answered ok even when dropped over the IP's limit.
  app.post('/platform/guard-events', { schema: { body: GuardEventBody } }, async (request) => {
    const event = request.body;
    const userId = (await userIdOf?.(request)) ?? null;
    await guardEvents.record(event, { userId, ip: request.ip, userAgent: request.headers['user-agent'] ?? '' });
    return ok(null);
  });

  app.post('/platform/remote-errors', { schema: { body: FailureReport } }, async (request) => {
    const report = request.body;
    await service.recordFailure(report).catch(asAppError);
    return ok(null);
  });

  // Registry changes over HTTP, for ops tools on other machines. Refused unless OPS_TOKEN is set.
  app.register(async (ops: ModuleApp) => {
    ops.addHook('onRequest', async (request) => {
      if (!opsToken) throw new AppError(403, '运维接口未开启（服务器未设置 OPS_TOKEN）', 403);
      if (!tokenMatches(opsToken, request.headers.authorization)) throw new AppError(401, '运维令牌无效', 401);
    });
    ops.get('/platform/ops/remotes', async () => ok(await service.summary()));
    // A build's tar.gz, read as a stream (no body schema can describe it): withUnpackedRelease limits and checks it.
    ops.addContentTypeParser(['application/gzip', 'application/x-gzip', 'application/octet-stream'], (_request, payload, done) => done(null, payload));
    ops.post('/platform/ops/remotes/:area/releases', { schema: { params: AreaParams, querystring: PublishQuery } }, async (request) => {
      const { area } = request.params;
      if (Number(request.headers['content-length']) > MAX_ARCHIVE_BYTES) throw new AppError(413, `压缩包超过上限 ${MAX_ARCHIVE_BYTES / 1024 / 1024} MiB`, 413);
      const notes = request.query.notes ?? '';
      const published = await withUnpackedRelease(request.body as Readable, (buildDir) => service.publish({ area, buildDir, notes })).catch(asAppError);
      const { version, alreadyPublished } = published;
      return ok(published, alreadyPublished ? `${area} ${version} 已发布过（内容相同），未改动` : `已发布 ${area} ${version}`);
    });
    ops.get('/platform/ops/remotes/:area/history', { schema: { params: AreaParams } }, async (request) => {
      const { area } = request.params;
      return ok(await service.history(area).catch(asAppError));
    });
    ops.post('/platform/ops/remotes/:area/activate', { schema: { params: AreaParams, body: ActivateBody } }, async (request) => {
      const { area } = request.params;
      const { version } = request.body;
      await service.activate(area, version).catch(asAppError);
      return ok(null, `${area} 已切换到 ${version}`);
    });
    ops.post('/platform/ops/remotes/:area/rollback', { schema: { params: AreaParams } }, async (request) => {
      const { area } = request.params;
      return ok(await service.rollback(area).catch(asAppError));
    });
    ops.post('/platform/ops/remotes/:area/canary', { schema: { params: AreaParams, body: CanaryBody } }, async (request) => {
      const { area } = request.params;
      const { version, percent } = request.body;
      await service.canary(area, version, percent).catch(asAppError);
      return ok(null);
    });
  });
}
