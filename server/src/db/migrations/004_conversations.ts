import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Conversation history: groups (one history entry each) and their nodes, one per message, linked
 * to their parent so that regenerated answers and edited questions are sibling branches.
 * The selected ids (`selected_root_id`, `selected_child_id`) have no foreign key: they are display
 * hints, checked when the tree is read, and a foreign key between groups and nodes would go both
 * ways.
 */
export function conversations(): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema types apply
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('conversation_groups')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('gpts_id', 'text')
        .addColumn('icon', 'text')
        .addColumn('selected_root_id', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('conversation_groups_user_updated').on('conversation_groups').columns(['user_id', 'updated_at']).execute();

      await db.schema
        .createTable('conversation_nodes')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('group_id', 'text', (c) => c.notNull().references('conversation_groups.id').onDelete('cascade'))
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('parent_id', 'text', (c) => c.references('conversation_nodes.id').onDelete('cascade'))
        // Position among its siblings (0 = oldest): the branch order, even when the clock ties.
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('model', 'text', (c) => c.notNull())
        .addColumn('model_name', 'text', (c) => c.notNull())
        .addColumn('gpts_id', 'text')
        .addColumn('knowledge_id', 'text')
        .addColumn('knowledge_name', 'text')
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('reasoning', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('references', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('follow_ups', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('error', 'text')
        .addColumn('offline_demo', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('usage', 'text')
        .addColumn('selected_child_id', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('finished_at', 'text')
        .addCheckConstraint('conversation_nodes_role', sql`role in ('user', 'assistant')`)
        .addCheckConstraint('conversation_nodes_status', sql`status in ('generating', 'done', 'stopped', 'failed')`)
        .execute();
      await db.schema.createIndex('conversation_nodes_group_id').on('conversation_nodes').column('group_id').execute();
      await db.schema.createIndex('conversation_nodes_parent_id').on('conversation_nodes').column('parent_id').execute();
    },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema types apply
    async down(db: Kysely<any>) {
      await db.schema.dropTable('conversation_nodes').execute();
      await db.schema.dropTable('conversation_groups').execute();
    },
  };
}
