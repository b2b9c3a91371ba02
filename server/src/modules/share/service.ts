import type { SharedConversation, ShareState } from '@qiming/contracts';
import { formatChinaDateTime } from '../../chinaTime.js';
import type { Clock } from '../../clock.js';
import { conversationNotFound, type ConversationsService } from '../conversations/index.js';
import { conversationEmpty, shareNotFound, sharePath } from './codes.js';
import { isForeignKeyViolation, type ShareRepository } from './repository.js';
import { snapshotOf } from './snapshot.js';

export interface ShareServiceOptions {
  /** The icon of a catalogue model (the page's header); null when the model has none. */
  iconOf(model: string): string | null;
  now: Clock;
}

/**
 * Public pages of conversations (spec platform §2 export dialog, chat §2 /friendsLinkPage): the
 * owner publishes a snapshot of the branch shown, refreshes it by sharing again (same address),
 * and revokes it; anyone reads a published one. Someone else's or a missing conversation is 1904,
 * like every conversation call.
 */
export class ShareService {
  constructor(
    private readonly repo: ShareRepository,
    private readonly conversations: ConversationsService,
    private readonly options: ShareServiceOptions,
  ) {}

  async share(userId: string, convGroupId: string): Promise<ShareState> {
    const tree = await this.conversations.tree(userId, convGroupId);
    const at = this.options.now();
    const snapshot = snapshotOf(tree, this.options.iconOf, formatChinaDateTime(at));
    if (!snapshot) throw conversationEmpty();
    try {
      await this.repo.publish({ conv_group_id: tree.group.convGroupId, user_id: userId, snapshot: JSON.stringify(snapshot), shared_at: at.toISOString() });
    } catch (error) {
      // Deleted between reading it and publishing it.
      if (isForeignKeyViolation(error)) throw conversationNotFound();
      throw error;
    }
    return stateOf(tree.group.convGroupId, at.toISOString());
  }

  async revoke(userId: string, convGroupId: string): Promise<ShareState> {
    await this.assertOwner(userId, convGroupId);
    await this.repo.revoke(convGroupId, this.options.now().toISOString());
    return stateOf(convGroupId, null);
  }

  async state(userId: string, convGroupId: string): Promise<ShareState> {
    await this.assertOwner(userId, convGroupId);
    const row = await this.repo.find(convGroupId);
    return stateOf(convGroupId, row && row.revoked_at === null ? row.shared_at : null);
  }

  /** The page as anyone sees it; 404 shareNotFound when it is not public. */
  async publicView(convGroupId: string): Promise<SharedConversation> {
    const snapshot = await this.repo.publicSnapshot(convGroupId);
    if (snapshot === undefined) throw shareNotFound();
    return JSON.parse(snapshot) as SharedConversation;
  }

  /** The pages of those ids that are public (for lists of shared conversations, such as the featured ones). */
  async publicViews(convGroupIds: readonly string[]): Promise<Map<string, SharedConversation>> {
    const snapshots = await this.repo.publicSnapshots(convGroupIds);
    return new Map([...snapshots].map(([id, snapshot]) => [id, JSON.parse(snapshot) as SharedConversation]));
  }

  private async assertOwner(userId: string, convGroupId: string): Promise<void> {
    if (!(await this.conversations.ownsGroup(userId, convGroupId))) throw conversationNotFound();
  }
}

function stateOf(convGroupId: string, sharedAtIso: string | null): ShareState {
  return { convGroupId, shared: sharedAtIso !== null, sharedAt: sharedAtIso === null ? null : formatChinaDateTime(new Date(sharedAtIso)), path: sharePath(convGroupId) };
}
