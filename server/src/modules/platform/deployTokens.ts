import { createHash, randomBytes } from 'node:crypto';
import type { DeployTokenRow, DeployTokensRepository } from './deployTokensRepository.js';
import { PlatformError } from './service.js';

/** What a deploy token may do to its area; OPS_TOKEN may do all of it to every area. */
export const DEPLOY_RIGHTS = ['publish', 'canary', 'activate', 'rollback'] as const;
export type DeployRight = (typeof DEPLOY_RIGHTS)[number];

export const RIGHT_NAMES: Record<DeployRight, string> = { publish: '发布', canary: '灰度', activate: '上线', rollback: '回滚' };

/** Who calls the ops routes: a deploy token (one area, some rights) or the ops token (`area` null: all). */
export interface OpsCaller {
  name: string;
  area: string | null;
  rights: readonly DeployRight[];
}

export const OPS_CALLER: OpsCaller = { name: 'ops', area: null, rights: DEPLOY_RIGHTS };

/** `ops` and `cli` name the admin in the history, `guard` the canary's automatic rollback: no token may take them. */
const NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$/;
const RESERVED_NAMES: ReadonlyMap<string, string> = new Map([
  ['ops', '运维本人'],
  ['cli', '运维本人'],
  ['guard', '灰度守卫的自动回滚'],
]);
const TOKEN_PREFIX = 'qmd_';
const DAY_MS = 24 * 60 * 60 * 1000;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export function rightsOf(row: Pick<DeployTokenRow, 'rights'>): DeployRight[] {
  return row.rights.split(',').filter((r): r is DeployRight => (DEPLOY_RIGHTS as readonly string[]).includes(r));
}

/**
 * Deploy tokens: made and revoked with `pnpm ops tokens`, stored as their sha256 only (a token is
 * 32 random bytes, so a plain hash is enough: nothing to guess from it), checked by the ops routes.
 */
export class DeployTokens {
  constructor(
    private readonly repo: DeployTokensRepository,
    private readonly areas: readonly string[],
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Makes a token and returns it: the only time it is ever shown. It lasts `expiresDays`, or until `expiresAt` (ISO), or for ever. */
  async create({ name, area, rights, expiresDays, expiresAt }: { name: string; area: string; rights: string[]; expiresDays?: number; expiresAt?: string }): Promise<string> {
    if (!NAME_PATTERN.test(name)) throw new PlatformError('令牌名称只能用字母、数字、点、下划线和连字符，最多 40 个字符');
    const reserved = RESERVED_NAMES.get(name);
    if (reserved) throw new PlatformError(`令牌名称不能是 ${name}（历史记录里它指${reserved}）`);
    if (!this.areas.includes(area)) throw new PlatformError(`未知区域：${area}（可选：${this.areas.join('、')}）`);
    const unknown = rights.filter((r) => !(DEPLOY_RIGHTS as readonly string[]).includes(r));
    if (unknown.length) throw new PlatformError(`未知权限：${unknown.join('、')}（可选：${DEPLOY_RIGHTS.join('、')}）`);
    if (!rights.length) throw new PlatformError(`至少要给一个权限（可选：${DEPLOY_RIGHTS.join('、')}）`);
    if (expiresDays !== undefined && (!Number.isInteger(expiresDays) || expiresDays < 1)) throw new PlatformError('有效天数必须是正整数');
    const created = this.now();
    if (expiresAt !== undefined && expiresAt <= created.toISOString()) throw new PlatformError(`到期时间 ${expiresAt} 已经过去`);
    if (await this.repo.byName(name)) throw new PlatformError(`已有名为 ${name} 的令牌（吊销的也保留着名字，以便历史可查）`);
    const token = TOKEN_PREFIX + randomBytes(32).toString('base64url');
    await this.repo.insert({
      name,
      area,
      rights: DEPLOY_RIGHTS.filter((r) => rights.includes(r)).join(','),
      token_hash: hashOf(token),
      created_at: created.toISOString(),
      expires_at: expiresDays ? new Date(created.getTime() + expiresDays * DAY_MS).toISOString() : (expiresAt ?? null),
      last_used_at: null,
      revoked_at: null,
    });
    const row = (await this.repo.byName(name))!;
    await this.repo.recordInHistory(area, { token: name, action: 'create', rights: row.rights, expiresAt: row.expires_at }, row.created_at);
    return token;
  }

  list(): Promise<DeployTokenRow[]> {
    return this.repo.all();
  }

  async revoke(name: string): Promise<void> {
    const row = await this.repo.byName(name);
    if (!row) throw new PlatformError(`没有名为 ${name} 的令牌`);
    if (row.revoked_at) throw new PlatformError(`令牌 ${name} 已于 ${row.revoked_at} 吊销`);
    const at = this.now().toISOString();
    await this.repo.update(name, { revoked_at: at });
    await this.repo.recordInHistory(row.area, { token: name, action: 'revoke', rights: row.rights, expiresAt: row.expires_at }, at);
  }

  /**
   * The caller a bearer token stands for: a live deploy token (its use is noted), a refusal's reason
   * (revoked, expired), or null when it is no deploy token at all.
   */
  async authenticate(token: string): Promise<OpsCaller | { refused: string } | null> {
    if (!token.startsWith(TOKEN_PREFIX)) return null;
    const row = await this.repo.byHash(hashOf(token));
    if (!row) return null;
    const now = this.now();
    if (row.revoked_at) return { refused: `部署令牌 ${row.name} 已吊销` };
    if (row.expires_at && row.expires_at <= now.toISOString()) return { refused: `部署令牌 ${row.name} 已于 ${row.expires_at} 过期` };
    await this.repo.update(row.name, { last_used_at: now.toISOString() });
    return { name: row.name, area: row.area, rights: rightsOf(row) };
  }
}

/** Why `caller` may not do `right` to `area`, or null when it may. */
export function refusalOf(caller: OpsCaller, area: string, right: DeployRight | null): string | null {
  if (caller.area !== null && caller.area !== area) return `部署令牌 ${caller.name} 只能操作区域 ${caller.area}，不能操作 ${area}`;
  if (right && !caller.rights.includes(right)) {
    const has = caller.rights.map((r) => RIGHT_NAMES[r]).join('、') || '无';
    return `部署令牌 ${caller.name} 没有${RIGHT_NAMES[right]}（${right}）权限（它有：${has}）`;
  }
  return null;
}
