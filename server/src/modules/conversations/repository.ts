import type { Insertable, Kysely, Selectable } from 'kysely';
import type { ConversationGroupTable, ConversationNodeTable, Database } from '../../db/schema.js';

/** The database or a transaction. */
export type Executor = Kysely<Database>;

export type GroupRow = Selectable<ConversationGroupTable>;
export type NodeRow = Selectable<ConversationNodeTable>;
export type NewNodeRow = Insertable<ConversationNodeTable>;

/** What a turn needs to know of a node: where it sits and whether it may be answered. */
export type NodeHead = Pick<NodeRow, 'id' | 'group_id' | 'user_id' | 'parent_id' | 'role' | 'status'>;
/** A node on the path from a root down to a message. */
export type PathNode = Pick<NodeRow, 'id' | 'parent_id' | 'role' | 'content' | 'status' | 'selected_child_id'>;

/** The final state of an answer (see ConversationsService.finishAnswer). */
export type FinishedValues = Pick<NodeRow, 'content' | 'reasoning' | 'references' | 'follow_ups' | 'status' | 'error' | 'offline_demo' | 'usage' | 'finished_at'>;

/** SQL of conversation groups and their nodes; the same queries on SQLite and PostgreSQL. */
export class ConversationsRepository {
  constructor(readonly db: Kysely<Database>) {}

  /** One write transaction (BEGIN IMMEDIATE on SQLite, see db/database.ts). */
  transaction<T>(fn: (trx: Executor) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(fn);
  }

  async insertGroup(ex: Executor, group: GroupRow): Promise<void> {
    await ex.insertInto('conversation_groups').values(group).execute();
  }

  /**
   * Marks new activity in the user's group and answers it; undefined when it is missing or another
   * user's. On PostgreSQL the row stays locked until the transaction ends, so the turns of one
   * group run one after another (sibling positions never collide).
   */
  touchGroup(ex: Executor, userId: string, groupId: string, at: string): Promise<GroupRow | undefined> {
    return ex.updateTable('conversation_groups').set({ updated_at: at }).where('id', '=', groupId).where('user_id', '=', userId).returningAll().executeTakeFirst();
  }

  ownedGroup(ex: Executor, userId: string, groupId: string): Promise<GroupRow | undefined> {
    return ex.selectFrom('conversation_groups').selectAll().where('id', '=', groupId).where('user_id', '=', userId).executeTakeFirst();
  }

  nodeHead(ex: Executor, id: string): Promise<NodeHead | undefined> {
    return ex.selectFrom('conversation_nodes').select(['id', 'group_id', 'user_id', 'parent_id', 'role', 'status']).where('id', '=', id).executeTakeFirst();
  }

  /** How many children `parentId` has (the roots of the group when null): the next sibling position. */
  async siblingCount(ex: Executor, groupId: string, parentId: string | null): Promise<number> {
    const row = await ex
      .selectFrom('conversation_nodes')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('group_id', '=', groupId)
      .where('parent_id', parentId === null ? 'is' : '=', parentId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async insertNode(ex: Executor, node: NewNodeRow): Promise<void> {
    await ex.insertInto('conversation_nodes').values(node).execute();
  }

  /** The nodes from the root down to `nodeId`, in that order. */
  async path(ex: Executor, nodeId: string): Promise<PathNode[]> {
    const rows = await ex
      .withRecursive('chain(id, parent_id)', (qb) =>
        qb
          .selectFrom('conversation_nodes')
          .select(['id', 'parent_id'])
          .where('id', '=', nodeId)
          .unionAll((eb) => eb.selectFrom('conversation_nodes as n').innerJoin('chain', 'chain.parent_id', 'n.id').select(['n.id', 'n.parent_id'])),
      )
      .selectFrom('conversation_nodes')
      .select(['id', 'parent_id', 'role', 'content', 'status', 'selected_child_id'])
      .where('id', 'in', (eb) => eb.selectFrom('chain').select('chain.id'))
      .execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    const path: PathNode[] = [];
    for (let node = byId.get(nodeId); node; node = node.parent_id === null ? undefined : byId.get(node.parent_id)) path.push(node);
    return path.reverse();
  }

  async selectChild(ex: Executor, parentId: string, childId: string): Promise<void> {
    await ex.updateTable('conversation_nodes').set({ selected_child_id: childId }).where('id', '=', parentId).execute();
  }

  async selectRoot(ex: Executor, groupId: string, rootId: string): Promise<void> {
    await ex.updateTable('conversation_groups').set({ selected_root_id: rootId }).where('id', '=', groupId).execute();
  }

  /** Ends an answer, only while it is generating; false when it is gone or already ended. */
  async finish(ex: Executor, id: string, values: FinishedValues): Promise<boolean> {
    const result = await ex.updateTable('conversation_nodes').set(values).where('id', '=', id).where('status', '=', 'generating').executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /** The follow-up suggestions of an answer that ended as done; false when it is gone or did not. */
  async setFollowUps(id: string, followUps: string): Promise<boolean> {
    const result = await this.db.updateTable('conversation_nodes').set({ follow_ups: followUps }).where('id', '=', id).where('status', '=', 'done').executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  async failGenerating(ids: readonly string[], error: string, at: string): Promise<number> {
    const result = await this.db
      .updateTable('conversation_nodes')
      .set({ status: 'failed', error, finished_at: at })
      .where('id', 'in', ids)
      .where('status', '=', 'generating')
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Every node of the group, siblings oldest first. */
  nodesOf(groupId: string): Promise<NodeRow[]> {
    return this.db.selectFrom('conversation_nodes').selectAll().where('group_id', '=', groupId).orderBy('seq').orderBy('created_at').orderBy('id').execute();
  }

  /** The user's groups, newest activity first; all of them without `page`. */
  groups(userId: string, page?: { offset: number; limit: number }): Promise<GroupRow[]> {
    let query = this.db.selectFrom('conversation_groups').selectAll().where('user_id', '=', userId).orderBy('updated_at', 'desc').orderBy('created_at', 'desc').orderBy('id', 'desc');
    if (page) query = query.offset(page.offset).limit(page.limit);
    return query.execute();
  }

  async countGroups(userId: string): Promise<number> {
    const row = await this.db.selectFrom('conversation_groups').select((eb) => eb.fn.countAll<number | string>().as('count')).where('user_id', '=', userId).executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async setTitle(groupId: string, title: string): Promise<void> {
    await this.db.updateTable('conversation_groups').set({ title }).where('id', '=', groupId).execute();
  }

  /** Deletes the user's group `groupId` (every group of the user when null) with its nodes; how many groups. */
  deleteGroups(userId: string, groupId: string | null): Promise<number> {
    return this.transaction(async (trx) => {
      let groups = trx.selectFrom('conversation_groups').select('id').where('user_id', '=', userId);
      if (groupId !== null) groups = groups.where('id', '=', groupId);
      await trx.deleteFrom('conversation_nodes').where('group_id', 'in', groups).execute();
      let deletion = trx.deleteFrom('conversation_groups').where('user_id', '=', userId);
      if (groupId !== null) deletion = deletion.where('id', '=', groupId);
      return Number((await deletion.executeTakeFirst()).numDeletedRows);
    });
  }
}
