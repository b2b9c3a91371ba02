import type { FeaturedConversation, SharedConversation } from '@qiming/contracts';
import { sharePath } from '@qiming/contracts';
import type { Clock } from '../../clock.js';
import { AppError } from '../../http/envelope.js';
import type { ConversationsService } from '../conversations/index.js';
import { OpsInputError } from '../module.js';
import { SHARE_CODES, type ShareService } from '../share/index.js';
import { excerptOf } from './excerpt.js';
import type { FeaturedRepository, FeaturedRow } from './repository.js';

const SHARE_ID = /^[\w-]{1,64}$/;
const TITLE_MAX = 60;

/** A share id, or a link to its page (…/friendsLinkPage/<id>[?…]); the id, or an ops refusal. */
export function shareIdOf(reference: string): string {
  const trimmed = reference.trim();
  const fromLink = /\/friendsLinkPage\/([^/?#\s]+)/.exec(trimmed)?.[1];
  let id = trimmed;
  if (fromLink !== undefined) {
    try {
      id = decodeURIComponent(fromLink);
    } catch {
      id = fromLink;
    }
  }
  if (!SHARE_ID.test(id)) throw new OpsInputError(`不是分享编号或分享链接：${reference}`);
  return id;
}

/** A featured row and its share as ops see it. */
export interface FeaturedEntry {
  row: FeaturedRow;
  /** The public page, or null when it is no longer public (the gallery hides it). */
  shared: SharedConversation | null;
}

export interface FeaturedServiceDeps {
  repo: FeaturedRepository;
  share: Pick<ShareService, 'publicViews'>;
  conversations: Pick<ConversationsService, 'importBranch'>;
  now: Clock;
}

/**
 * Featured conversations: ops choose public shares; anyone lists those still public; a signed-in
 * user copies one (its public snapshot) into a conversation of their own to continue it.
 */
export class FeaturedService {
  constructor(private readonly deps: FeaturedServiceDeps) {}

  /** Every featured row, public or not (`pnpm ops featured list`). */
  async entries(): Promise<FeaturedEntry[]> {
    const rows = await this.deps.repo.list();
    const views = await this.deps.share.publicViews(rows.map((row) => row.conv_group_id));
    return rows.map((row) => ({ row, shared: views.get(row.conv_group_id) ?? null }));
  }

  /** The gallery: the featured shares still public, in ops' order. */
  async list(): Promise<FeaturedConversation[]> {
    return (await this.entries()).flatMap(({ row, shared }) =>
      shared
        ? [
            {
              convGroupId: row.conv_group_id,
              title: row.title ?? shared.title,
              model: shared.model,
              modelName: shared.modelName,
              icon: shared.icon,
              excerpt: excerptOf(shared),
              messageCount: shared.messages.length,
              sharedAt: shared.sharedAt,
              path: sharePath(row.conv_group_id),
            },
          ]
        : [],
    );
  }

  /**
   * Features a public share (`reference`: its id or page link); again for one already featured,
   * changes what is given (title, order) and keeps the rest.
   */
  async add(reference: string, options: { title?: string; order?: number } = {}): Promise<{ row: FeaturedRow; shared: SharedConversation; added: boolean }> {
    const id = shareIdOf(reference);
    const shared = (await this.deps.share.publicViews([id])).get(id);
    if (!shared) throw new OpsInputError(`分享不存在或已被取消：${id}`);
    const title = options.title?.trim();
    if (title !== undefined && (!title || Array.from(title).length > TITLE_MAX)) throw new OpsInputError(`--title 应为 1–${TITLE_MAX} 个字`);
    const existing = (await this.deps.repo.list()).find((row) => row.conv_group_id === id);
    const row: FeaturedRow = {
      conv_group_id: id,
      title: title ?? existing?.title ?? null,
      sort_order: options.order ?? existing?.sort_order ?? 0,
      created_at: existing?.created_at ?? this.deps.now().toISOString(),
    };
    await this.deps.repo.upsert(row);
    return { row, shared, added: !existing };
  }

  async remove(reference: string): Promise<void> {
    const id = shareIdOf(reference);
    if (!(await this.deps.repo.remove(id))) throw new OpsInputError(`不在精选对话中：${id}`);
  }

  /**
   * 继续对话: a new conversation of `userId` with the share's public snapshot (what its page shows,
   * not the owner's later messages); its id. 2301 when the share is no longer public.
   */
  async continueShared(userId: string, convGroupId: string): Promise<string> {
    const shared = (await this.deps.share.publicViews([convGroupId])).get(convGroupId);
    if (!shared || !shared.messages.length) throw new AppError(SHARE_CODES.shareNotFound, '分享不存在或已被取消');
    return this.deps.conversations.importBranch(userId, {
      title: shared.title,
      icon: shared.icon,
      messages: shared.messages.map((message) => ({
        role: message.role,
        content: message.content,
        ...(message.reasoning ? { reasoning: message.reasoning } : {}),
        // The snapshot names each answer's model; its code is known for the last one (the page's header).
        model: shared.model,
        modelName: message.modelName ?? shared.modelName,
      })),
    });
  }
}
