import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { ConversationGroupTable, ConversationNodeTable, Database } from '../../db/schema.js';

/** The database or a transaction. */
export type Executor = Kysely<Database>;

export type GroupRow = Selectable<ConversationGroupTable>;
export type NodeRow = Selectable<ConversationNodeTable>;
export type NewNodeRow = Insertable<ConversationNodeTable>;

/** What a turn needs to know of a node: where it sits and whether it may be answered. */
export type NodeHead = Pick<NodeRow, 'id' | 'group_id' | 'user_id' | 'parent_id' | 'role' | 'status'>;
/** The path to a message as selecting it needs it: its first message, and the nodes that do not show the next one on it. */
export interface PathSelections {
  rootId: string;
  unselected: Array<{ parentId: string; childId: string }>;
}
/** A message as the context remembers it. */
export type RecentNode = Pick<NodeRow, 'id' | 'role' | 'content' | 'status'>;
/** Where a sibling sits: its parent (null for a first message). */
export type SiblingRow = Pick<NodeRow, 'id' | 'parent_id'>;

/**
 * The child a level shows (`n` is the parent): the selected one while it is still a child there,
 * else the newest — the rule conversationTree applies too.
 */
const SHOWN_CHILD = sql`coalesce(
  (select c.id from conversation_nodes c where c.id = n.selected_child_id and c.parent_id = n.id),
  (select c.id from conversation_nodes c where c.parent_id = n.id order by c.seq desc, c.created_at desc, c.id desc limit 1))`;

/** The final state of an answer (see ConversationsService.finishAnswer). */
export type FinishedValues = Pick<NodeRow, 'content' | 'reasoning' | 'references' | 'follow_ups' | 'tool_calls' | 'status' | 'error' | 'offline_demo' | 'usage' | 'finished_at'>;

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

  /**
   * What selecting the path to `nodeId` from the root down changes: its first message, and each
   * node on it whose selected child is not the next one on the path (null counts: it means the
   * newest). Walked in the database; no contents are read and only those rows come back.
   */
  async pathSelections(ex: Executor, nodeId: string): Promise<PathSelections> {
    const { rows } = await sql<{ id: string; parent_id: string | null; child: string | null; unselected: number }>`
      with recursive up(id, parent_id, selected_child_id, child) as (
        select id, parent_id, selected_child_id, cast(null as text) from conversation_nodes where id = ${nodeId}
        union all
        select n.id, n.parent_id, n.selected_child_id, up.id from up join conversation_nodes n on n.id = up.parent_id
      ),
      marked as (
        select id, parent_id, child, case when child is not null and (selected_child_id is null or selected_child_id <> child) then 1 else 0 end as unselected from up
      )
      select id, parent_id, child, unselected from marked where parent_id is null or unselected = 1`.execute(ex);
    const root = rows.find((row) => row.parent_id === null);
    if (!root) throw new Error(`no path to ${nodeId}`);
    return { rootId: root.id, unselected: rows.filter((row) => Number(row.unselected) === 1).map((row) => ({ parentId: row.id, childId: row.child! })) };
  }

  /**
   * The end of the path to `nodeId` with contents: from the `userMessages`-th user message above
   * it (counting `nodeId` itself) down to it — the memory rounds a context needs, never the whole
   * branch. The whole path when it holds fewer user messages.
   */
  async recentPath(ex: Executor, nodeId: string, userMessages: number): Promise<RecentNode[]> {
    const { rows } = await sql<RecentNode>`
      with recursive up(id, parent_id, users, distance) as (
        select id, parent_id, case when role = 'user' then 1 else 0 end, 0 from conversation_nodes where id = ${nodeId}
        union all
        select n.id, n.parent_id, up.users + case when n.role = 'user' then 1 else 0 end, up.distance + 1
        from up join conversation_nodes n on n.id = up.parent_id
        where up.users < ${userMessages}
      )
      select n.id, n.role, n.content, n.status from up join conversation_nodes n on n.id = up.id order by up.distance desc`.execute(ex);
    return rows;
  }

  /**
   * The ids of the branch shown, top down: from `startId` (the group's selected first message, or
   * its newest, when null) down each level's shown child (SHOWN_CHILD). Ids only: a long
   * conversation's path is read without its contents.
   */
  async shownPathIds(ex: Executor, groupId: string, startId: string | null): Promise<string[]> {
    const start =
      startId !== null
        ? sql`cast(${startId} as text)`
        : sql`coalesce(
            (select r.id from conversation_groups g join conversation_nodes r on r.id = g.selected_root_id and r.group_id = g.id and r.parent_id is null where g.id = ${groupId}),
            (select r.id from conversation_nodes r where r.group_id = ${groupId} and r.parent_id is null order by r.seq desc, r.created_at desc, r.id desc limit 1))`;
    const { rows } = await sql<{ id: string }>`
      with recursive down(id, depth) as (
        select ${start}, 0
        union all
        select ${SHOWN_CHILD}, down.depth + 1 from down join conversation_nodes n on n.id = down.id
      )
      select id from down where id is not null order by depth`.execute(ex);
    return rows.map((row) => row.id);
  }

  /** The ids of up to `count` messages above `nodeId` on the path to it, nearest first. */
  async idsAbove(ex: Executor, nodeId: string, count: number): Promise<string[]> {
    const { rows } = await sql<{ id: string }>`
      with recursive up(id, parent_id, distance) as (
        select id, parent_id, 0 from conversation_nodes where id = ${nodeId}
        union all
        select n.id, n.parent_id, up.distance + 1 from up join conversation_nodes n on n.id = up.parent_id where up.distance < ${count}
      )
      select id from up where distance > 0 order by distance`.execute(ex);
    return rows.map((row) => row.id);
  }

  /** The nodes with these ids (any order). */
  nodesById(ex: Executor, ids: readonly string[]): Promise<NodeRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return ex.selectFrom('conversation_nodes').selectAll().where('id', 'in', ids).execute();
  }

  /** The children of `parentIds` in the group (its first messages for null), oldest first, as nodesOf orders siblings. */
  siblingsUnder(ex: Executor, groupId: string, parentIds: ReadonlyArray<string | null>): Promise<SiblingRow[]> {
    const parents = [...new Set(parentIds.filter((id) => id !== null))];
    const roots = parentIds.includes(null);
    if (parents.length === 0 && !roots) return Promise.resolve([]);
    return ex
      .selectFrom('conversation_nodes')
      .select(['id', 'parent_id'])
      .where('group_id', '=', groupId)
      .where((eb) => eb.or([...(parents.length > 0 ? [eb('parent_id', 'in', parents)] : []), ...(roots ? [eb('parent_id', 'is', null)] : [])]))
      .orderBy('seq')
      .orderBy('created_at')
      .orderBy('id')
      .execute();
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

  /** The user's groups with a message that used the knowledge base (a document chat's index), newest activity first. */
  groupsWithKnowledge(userId: string, knowledgeId: string): Promise<GroupRow[]> {
    return this.db
      .selectFrom('conversation_groups')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', 'in', (eb) => eb.selectFrom('conversation_nodes').select('group_id').where('knowledge_id', '=', knowledgeId).where('user_id', '=', userId))
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
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
