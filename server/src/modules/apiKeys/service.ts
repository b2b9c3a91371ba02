import { randomUUID } from 'node:crypto';
import type { ApiKey, NewApiKey } from '@qiming/contracts';
import { AppError } from '../../http/envelope.js';
import { AUTH_CODES } from '../auth/codes.js';
import { hashApiKey, looksLikeApiKey, maskedKey, newApiKey } from './keyFormat.js';
import type { ApiKeyRow, ApiKeysRepository } from './repository.js';

export const MAX_KEYS_PER_USER = 20;

function view(row: ApiKeyRow): ApiKey {
  return { id: row.id, name: row.name, maskedKey: maskedKey(row.last4), enabled: row.enabled === 1, createdAt: row.created_at, lastUsedAt: row.last_used_at };
}

/** Another user's key is answered exactly like a key that does not exist. */
function missing(): AppError {
  return new AppError(AUTH_CODES.apiKeyMissing, 'API 密钥不存在');
}

export class ApiKeysService {
  constructor(private readonly repo: ApiKeysRepository) {}

  async list(userId: string): Promise<ApiKey[]> {
    return (await this.repo.list(userId)).map(view);
  }

  async get(userId: string, id: string): Promise<ApiKey> {
    const row = await this.repo.get(userId, id);
    if (!row) throw missing();
    return view(row);
  }

  /** The whole key is in this answer only; the database keeps its sha256. */
  async add(userId: string, name: string): Promise<NewApiKey> {
    if ((await this.repo.count(userId)) >= MAX_KEYS_PER_USER) throw new AppError(400, `最多只能创建 ${MAX_KEYS_PER_USER} 个 API 密钥`);
    const key = newApiKey();
    const row: ApiKeyRow = { id: randomUUID(), user_id: userId, name, key_hash: hashApiKey(key), last4: key.slice(-4), enabled: 1, created_at: new Date().toISOString(), last_used_at: null };
    await this.repo.insert(row);
    return { ...view(row), key };
  }

  async update(userId: string, id: string, change: { name?: string; enabled?: boolean }): Promise<ApiKey> {
    if (!(await this.repo.get(userId, id))) throw missing();
    const set = { ...(change.name !== undefined && { name: change.name }), ...(change.enabled !== undefined && { enabled: change.enabled ? 1 : 0 }) };
    if (Object.keys(set).length) await this.repo.update(userId, id, set);
    return this.get(userId, id);
  }

  async delete(userId: string, id: string): Promise<void> {
    if (!(await this.repo.delete(userId, id))) throw missing();
  }

  /** The owner of an enabled key, for calls authenticated by API key; records the use. */
  async userForApiKey(key: string): Promise<{ userId: string; keyId: string } | null> {
    if (!looksLikeApiKey(key)) return null;
    const row = await this.repo.byHash(hashApiKey(key));
    if (!row || row.enabled !== 1) return null;
    await this.repo.touch(row.id, new Date().toISOString());
    return { userId: row.user_id, keyId: row.id };
  }
}
