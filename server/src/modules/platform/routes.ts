import { timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ContactInfo, DownloadLinks } from '@qiming/contracts';
import { AppError, ok } from '../../http/envelope.js';
import type { ModuleApp } from '../module.js';
import { OPS_CALLER, refusalOf, type DeployRight, type DeployTokens, type OpsCaller } from './deployTokens.js';
import type { GuardEvents } from './guardEvents.js';
import { PREVIEW_HOURS_MAX, previewOf, type PreviewLinks } from './previewLinks.js';
import { ArchiveTooLargeError, withUnpackedRelease } from './releaseArchive.js';
import { MAX_ARCHIVE_BYTES } from './releaseLimits.js';
import { PlatformError, type GuardRequest, type PlatformService } from './service.js';
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
const HistoryQuery = z.object({ limit: z.coerce.number({ error: 'limit 必须是数字' }).int().min(1).max(500, { error: 'limit 不能超过 500' }).optional() });
const PublishQuery = z.object({ notes: z.string().max(500, { error: 'notes 不能超过 500 个字符' }).optional() });
const ActivateBody = z.object({ version: z.string().min(1).max(64) });
const GuardRuleBody = z.object({
  windowMinutes: z.number().optional(),
  minVisitors: z.number().optional(),
  thresholdPercent: z.number().optional(),
});
const CanaryBody = z.object({
  version: z.string().min(1).max(64),
  percent: z.number().int().min(0).max(100),
  /** true: the default rule; an object: its own numbers; false: no guard; absent: keep the running guard of the same version. */
  autoRollback: z.union([z.boolean(), GuardRuleBody]).optional(),
});
const PruneBody = z.object({
  /** Its range is the service's to check, so the CLI on the server and over HTTP refuse it alike. */
  keep: z.number({ error: '必须是数字' }).optional(),
  dryRun: z.boolean().optional(),
});
const PreviewBody = z.object({ version: z.string().min(1).max(64), hours: z.number().int().min(1).max(PREVIEW_HOURS_MAX, { error: `不能超过 ${PREVIEW_HOURS_MAX} 小时` }).optional() });

export interface PlatformRouteOptions {
  service: PlatformService;
  opsToken: string | undefined;
  deployTokens: DeployTokens;
  previewLinks: PreviewLinks;
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

function tokenMatches(expected: string, given: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The ops routes' caller: OPS_TOKEN (when set) or a live deploy token; anything else is refused here. */
async function opsCallerOf(header: string | undefined, opsToken: string | undefined, deployTokens: DeployTokens): Promise<OpsCaller> {
  const bearer = header?.replace(/^Bearer\s+/i, '') ?? '';
  if (opsToken && tokenMatches(opsToken, bearer)) return OPS_CALLER;
  const deploy = bearer ? await deployTokens.authenticate(bearer) : null;
  if (deploy && 'refused' in deploy) throw new AppError(401, deploy.refused, 401);
  if (deploy) return deploy;
  if (!opsToken) throw new AppError(403, `运维接口未开启（服务器未设置 OPS_TOKEN）${bearer ? '，这也不是有效的部署令牌' : ''}`, 403);
  throw new AppError(401, '运维令牌无效', 401);
}

export async function platformRoutes(app: ModuleApp, { service, opsToken, deployTokens, previewLinks, userIdOf, contact, downloads, guardEvents }: PlatformRouteOptions): Promise<void> {
  app.get('/platform/remotes', async (request, reply) => {
    const key = await visitorKey(request, reply, userIdOf);
    const { grants } = previewOf(request, reply, previewLinks, { fromParameter: false });
    reply.header('Cache-Control', 'no-cache');
    return ok(await service.registryFor(key, grants));
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

  app.post('/platform/remote-errors', { schema: { body: FailureReport } }, async (request, reply) => {
    const report = request.body;
    await service.recordFailure(report, await visitorKey(request, reply, userIdOf)).catch(asAppError);
    return ok(null);
  });

  // Registry changes over HTTP, for ops tools and teams' CI on other machines: OPS_TOKEN may do
  // everything, a deploy token its rights on its own area. Every change is recorded with the caller's name.
  app.register(async (ops: ModuleApp) => {
    const callers = new WeakMap<FastifyRequest, OpsCaller>();
    ops.addHook('onRequest', async (request) => {
      callers.set(request, await opsCallerOf(request.headers.authorization, opsToken, deployTokens));
    });
    /** The caller's name for the history, once it may do `right` (null: only read) to `area`. */
    const allowed = (request: FastifyRequest, area: string, right: DeployRight | null): string => {
      const caller = callers.get(request)!;
      const refusal = refusalOf(caller, area, right);
      if (refusal) throw new AppError(403, refusal, 403);
      return caller.name;
    };

    // The areas the caller may see; a guarded canary with its verdict now.
    ops.get('/platform/ops/remotes', async (request) => {
      const { area } = callers.get(request)!;
      const summary = (await service.summary()).filter((s) => !area || s.area === area);
      return ok(await Promise.all(summary.map(async (s) => ({ ...s, guardNow: s.canary?.guard ? await service.guardVerdict(s.area) : null }))));
    });
    ops.get('/platform/ops/remotes/:area/history', { schema: { params: AreaParams, querystring: HistoryQuery } }, async (request) => {
      const { area } = request.params;
      allowed(request, area, null);
      return ok(await service.history(area, request.query.limit).catch(asAppError));
    });
    // A build's tar.gz, read as a stream (no body schema can describe it): withUnpackedRelease limits and checks it.
    ops.addContentTypeParser(['application/gzip', 'application/x-gzip', 'application/octet-stream'], (_request, payload, done) => done(null, payload));
    ops.post('/platform/ops/remotes/:area/releases', { schema: { params: AreaParams, querystring: PublishQuery } }, async (request, reply) => {
      const { area } = request.params;
      const actor = allowed(request, area, 'publish');
      // Refused before or while it streams in; the connection is closed, as the rest of the upload is not read.
      const tooLarge = () => {
        reply.header('Connection', 'close');
        return new AppError(413, new ArchiveTooLargeError().message, 413);
      };
      if (Number(request.headers['content-length']) > MAX_ARCHIVE_BYTES) throw tooLarge();
      const notes = request.query.notes ?? '';
      const published = await withUnpackedRelease(request.body as Readable, (buildDir) => service.publish({ area, buildDir, notes, actor })).catch((error: unknown) => {
        throw error instanceof ArchiveTooLargeError ? tooLarge() : error;
      }).catch(asAppError);
      const { version, alreadyPublished } = published;
      return ok(published, alreadyPublished ? `${area} ${version} 已发布过（内容相同），未改动` : `已发布 ${area} ${version}`);
    });
    ops.post('/platform/ops/remotes/:area/activate', { schema: { params: AreaParams, body: ActivateBody } }, async (request) => {
      const { area } = request.params;
      const { version } = request.body;
      const channel = await service.activate(area, version, allowed(request, area, 'activate')).catch(asAppError);
      return ok({ previous: channel.previous_version }, `${area} 已切换到 ${version}`);
    });
    ops.post('/platform/ops/remotes/:area/rollback', { schema: { params: AreaParams } }, async (request) => {
      const { area } = request.params;
      return ok(await service.rollback(area, allowed(request, area, 'rollback')).catch(asAppError));
    });
    ops.post('/platform/ops/remotes/:area/canary', { schema: { params: AreaParams, body: CanaryBody } }, async (request) => {
      const { area } = request.params;
      const { version, percent, autoRollback } = request.body;
      const guard: GuardRequest = autoRollback === true ? {} : autoRollback;
      const settings = await service.canary(area, version, percent, allowed(request, area, 'canary'), guard).catch(asAppError);
      return ok({ guard: settings }, percent === 0 ? `${area} 已结束灰度` : `${area} 对 ${percent}% 的访客灰度 ${version}${settings ? '，失败率超阈值时自动回滚' : ''}`);
    });
    ops.post('/platform/ops/remotes/:area/promote', { schema: { params: AreaParams } }, async (request) => {
      const { area } = request.params;
      const promoted = await service.promote(area, allowed(request, area, 'activate')).catch(asAppError);
      return ok(promoted, `${area} 已全量上线 ${promoted.version}`);
    });
    // Old releases go with the right to publish them; what the area serves or previews is never deleted.
    ops.post('/platform/ops/remotes/:area/prune', { schema: { params: AreaParams, body: PruneBody } }, async (request) => {
      const { area } = request.params;
      const { keep, dryRun } = request.body;
      return ok(await service.prune(area, { keep, dryRun, actor: allowed(request, area, 'publish') }).catch(asAppError));
    });
    // Any token of the area may make one: a preview changes nothing for anyone but the browser that opens it.
    ops.post('/platform/ops/remotes/:area/preview', { schema: { params: AreaParams, body: PreviewBody } }, async (request) => {
      const { area } = request.params;
      const { version, hours } = request.body;
      const grant = await service.previewGrant(previewLinks, { area, version, hours, actor: allowed(request, area, null) }).catch(asAppError);
      const url = `${request.protocol}://${request.host}${grant.path}`;
      return ok({ url, expiresAt: grant.expiresAt }, `预览链接（${grant.expiresAt} 前有效，只对打开它的浏览器生效）：${url}`);
    });
  });
}
