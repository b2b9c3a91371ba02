import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** The extensions' tool calls an answer made (JSON array of ToolCallRecord), so history shows them (chat/README.md "Extensions"). */
export function answerToolCalls(): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema types apply
    async up(db: Kysely<any>) {
      await db.schema.alterTable('conversation_nodes').addColumn('tool_calls', 'text', (c) => c.notNull().defaultTo('[]')).execute();
    },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema types apply
    async down(db: Kysely<any>) {
      await db.schema.alterTable('conversation_nodes').dropColumn('tool_calls').execute();
    },
  };
}
