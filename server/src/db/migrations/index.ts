import type { Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import type { DialectName } from '../database.js';
import { platformRegistry } from './001_platform_registry.js';
import { accounts } from './002_accounts.js';
import { points } from './003_points.js';
import { conversations } from './004_conversations.js';
import { catalogue } from './005_catalogue.js';
import { chatJobs } from './006_chat_jobs.js';
import { site } from './007_site.js';
import { pay } from './008_pay.js';
import { uploads } from './009_uploads.js';
import { shares } from './010_shares.js';
import { agents } from './011_agents.js';
import { images } from './012_images.js';
import { knowledge } from './013_knowledge.js';
import { knowledgeVectors } from './014_knowledge_vectors.js';
import { knowledgeFtsBase } from './015_knowledge_fts_base.js';
import { mcpServers } from './016_mcp_servers.js';
import { answerToolCalls } from './017_answer_tool_calls.js';
import { video } from './018_video.js';
import { slides } from './019_slides.js';
import { voices } from './020_voices.js';
import { resources } from './021_resources.js';
import { whiteboards } from './022_whiteboards.js';
import { paperChecks } from './023_paper_checks.js';
import { usageAndFeatured } from './024_usage_and_featured.js';
import { mirror } from './025_mirror.js';
import { docChats } from './026_doc_chats.js';
import { docChatSources } from './027_doc_chat_sources.js';
import { deployTokens } from './028_deploy_tokens.js';
import { canaryGuard } from './029_canary_guard.js';

/** Every migration, in order. Each gets the dialect for the few column types that differ. */
const migrations: Array<[string, (dialect: DialectName) => Migration]> = [
  ['001_platform_registry', platformRegistry],
  ['002_accounts', accounts],
  ['003_points', points],
  ['004_conversations', conversations],
  ['005_catalogue', catalogue],
  ['006_chat_jobs', chatJobs],
  ['007_site', site],
  ['008_pay', pay],
  ['009_uploads', uploads],
  ['010_shares', shares],
  ['011_agents', agents],
  ['012_images', images],
  ['013_knowledge', knowledge],
  ['014_knowledge_vectors', knowledgeVectors],
  ['015_knowledge_fts_base', knowledgeFtsBase],
  ['016_mcp_servers', mcpServers],
  ['017_answer_tool_calls', answerToolCalls],
  ['018_video', video],
  ['019_slides', slides],
  ['020_voices', voices],
  ['021_resources', resources],
  ['022_whiteboards', whiteboards],
  ['023_paper_checks', paperChecks],
  ['024_usage_and_featured', usageAndFeatured],
  ['025_mirror', mirror],
  ['026_doc_chats', docChats],
  ['027_doc_chat_sources', docChatSources],
  ['028_deploy_tokens', deployTokens],
  ['029_canary_guard', canaryGuard],
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema types apply
export async function migrateToLatest(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => Object.fromEntries(migrations.map(([name, make]) => [name, make(dialect)])) };
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
}
