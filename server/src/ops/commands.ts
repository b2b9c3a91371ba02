// The `pnpm ops` command table and the modules its groups run on (the CLI is cli.ts).
import { parseArgs } from 'node:util';
import type { ServerConfig } from '../config.js';
import type { Db } from '../db/database.js';
import type { Log } from '../log.js';
import { AGENTS_USAGE, createAgentsModule, NO_UPLOADS } from '../modules/agents/index.js';
import { ANNOUNCEMENTS_USAGE, createAnnouncementsModule } from '../modules/announcements/index.js';
import { CATALOGUE_USAGE, createCatalogueModule, OFFLINE_ONLY } from '../modules/catalogue/index.js';
import { CDKEYS_USAGE, createCdkeysModule } from '../modules/cdkeys/index.js';
import { createExtensionsModule, MCP_USAGE, NO_KNOWLEDGE } from '../modules/extensions/index.js';
import { createConversationsModule } from '../modules/conversations/index.js';
import { createFeaturedModule, FEATURED_USAGE } from '../modules/featured/index.js';
import { createShareModule } from '../modules/share/index.js';
import { OpsInputError, type OpsCommand, type Print, type ServerModule } from '../modules/module.js';
import { createPayModule, PAY_USAGE } from '../modules/pay/index.js';
import { createPlatformModule, GUARDS_USAGE, REMOTES_USAGE, TOKENS_USAGE } from '../modules/platform/index.js';
import { createPointsModule } from '../modules/points/index.js';
import { createResourcesModule, RESOURCES_USAGE } from '../modules/resources/index.js';
import { createMirrorModule, MIRROR_USAGE } from '../modules/mirror/index.js';
import { createSharedState, type SharedState } from '../sharedState/index.js';
import { closeBlobStore, createBlobStore } from '../storage/index.js';
import { SHARED_OPS_OPTIONS } from './options.js';

/** Nobody signs in through `pnpm ops`: the modules' routes, which would use this, are never registered here. */
const noSignIn = async () => {
  throw new Error('no signed-in routes in pnpm ops');
};

/**
 * The modules `pnpm ops` uses, each built on first use with the server's own constructor (so a
 * group touches only what it needs: `remotes` never seeds the announcements, `announcements` never
 * creates the remote areas), and closed in reverse order at the end.
 */

const toStderr = (obj: object | string, msg?: string) => console.error(...(msg === undefined ? [obj] : [msg, obj]));
export class OpsModules {
  private readonly built: ServerModule[] = [];
  private readonly cache = new Map<string, Promise<ServerModule>>();
  private sharedStateOpened: Promise<SharedState> | null = null;
  /** What a module logs while a command runs: warnings and errors on stderr (stdout is the command's answer). */
  private readonly log: Log = { info: () => {}, warn: toStderr, error: toStderr };

  constructor(
    private readonly db: Db,
    private readonly config: ServerConfig,
  ) {}

  private once<M extends ServerModule>(name: string, make: () => Promise<M>): Promise<M> {
    let module = this.cache.get(name) as Promise<M> | undefined;
    if (!module) {
      module = make().then((built) => {
        this.built.push(built);
        return built;
      });
      this.cache.set(name, module);
    }
    return module;
  }

  private sharedState(): Promise<SharedState> {
    this.sharedStateOpened ??= createSharedState(this.config, { onError: (error) => console.error(`[redis] ${error.message}`) });
    return this.sharedStateOpened;
  }

  private deps() {
    return { db: this.db.db, config: this.config, now: () => new Date(), log: this.log, requireUser: noSignIn };
  }

  platform = () => this.once('platform', async () => createPlatformModule({ ...this.deps(), sharedState: await this.sharedState() }));
  points = () => this.once('points', async () => createPointsModule({ ...this.deps(), dialect: this.db.dialect, prices: (await this.catalogue()).service }));
  cdkeys = () => this.once('cdkeys', async () => createCdkeysModule({ ...this.deps(), points: (await this.points()).service }));
  /** Built alone (no chat here): whether a model has a real channel is never asked by an ops command. */
  catalogue = () => this.once('catalogue', () => createCatalogueModule({ ...this.deps(), serving: OFFLINE_ONLY }));
  announcements = () =>
    this.once('announcements', async () => {
      const catalogue = (await this.catalogue()).service;
      return createAnnouncementsModule({ ...this.deps(), modelExists: (code) => !!catalogue.find(code) });
    });
  /** Seeding runs as at a server start. */
  agents = () =>
    this.once('agents', async () =>
      createAgentsModule({ ...this.deps(), catalogue: (await this.catalogue()).service, uploads: NO_UPLOADS, userIdOf: async () => null }),
    );
  /** Seeding the built-ins runs as at a server start; no knowledge bases here (`test` only lists tools). */
  extensions = () =>
    this.once('extensions', () =>
      createExtensionsModule({ ...this.deps(), knowledge: NO_KNOWLEDGE, apiKeys: { userForApiKey: async () => null } }),
    );
  pay = () =>
    this.once('pay', async () =>
      createPayModule({ ...this.deps(), sharedState: await this.sharedState(), points: (await this.points()).service, catalogue: (await this.catalogue()).service }),
    );

  /** Seeding runs as at a server start; icons go to the server's blob store. */
  resources = () =>
    this.once('resources', async () => {
      const blobs = createBlobStore(this.config.storage);
      const module = await createResourcesModule({ ...this.deps(), sharedState: await this.sharedState(), blobs, userIdOf: async () => null });
      return { ...module, close: async () => closeBlobStore(blobs) };
    });

  conversations = () => this.once('conversations', async () => createConversationsModule(this.deps()));
  /** Over the share pages' service: only public shares can be featured. */
  featured = () =>
    this.once('featured', async () => {
      const conversations = (await this.conversations()).service;
      const share = createShareModule({ ...this.deps(), conversations, catalogue: (await this.catalogue()).service, sharedState: await this.sharedState() });
      return createFeaturedModule({ ...this.deps(), share: share.service, conversations });
    });
  /** Only the ops commands are used: no routes, so nobody enters and no invites are counted. */
  mirror = () =>
    this.once('mirror', async () => createMirrorModule({ ...this.deps(), dialect: this.db.dialect, userIdOf: async () => null, invitedUsers: async () => 0 }));

  async close(): Promise<void> {
    for (const module of this.built.reverse()) await module.close?.();
    await (await this.sharedStateOpened)?.close();
  }
}

/**
 * The command table: every `pnpm ops` group, its usage (listed in this order) and the module whose
 * opsCommands run it.
 */
export const OPS_GROUPS: Record<string, { usage: string; module: (modules: OpsModules) => Promise<ServerModule>; sharedOptions?: true }> = {
  remotes: { usage: REMOTES_USAGE, module: (m) => m.platform(), sharedOptions: true },
  cdkeys: { usage: CDKEYS_USAGE, module: (m) => m.cdkeys(), sharedOptions: true },
  catalogue: { usage: CATALOGUE_USAGE, module: (m) => m.catalogue() },
  announcements: { usage: ANNOUNCEMENTS_USAGE, module: (m) => m.announcements() },
  guards: { usage: GUARDS_USAGE, module: (m) => m.platform(), sharedOptions: true },
  tokens: { usage: TOKENS_USAGE, module: (m) => m.platform() },
  pay: { usage: PAY_USAGE, module: (m) => m.pay() },
  agents: { usage: AGENTS_USAGE, module: (m) => m.agents() },
  mcp: { usage: MCP_USAGE, module: (m) => m.extensions() },
  resources: { usage: RESOURCES_USAGE, module: (m) => m.resources() },
  featured: { usage: FEATURED_USAGE, module: (m) => m.featured() },
  mirror: { usage: MIRROR_USAGE, module: (m) => m.mirror() },
};

/** Every group's usage, in the table's order. */
export const OPS_USAGE = Object.values(OPS_GROUPS)
  .map((group) => group.usage)
  .join('\n\n');

/** What a usage mistake in `argv` prints: its group's usage, or every group's when it names none. */
export function usageFor(argv: readonly string[]): string {
  const group = argv[0] ?? '';
  return Object.hasOwn(OPS_GROUPS, group) ? OPS_GROUPS[group]!.usage : OPS_USAGE;
}

/** The handler of `group` from its module (the module's own opsCommands entry). */
export async function opsCommandOf(modules: OpsModules, group: string): Promise<OpsCommand | undefined> {
  const entry = Object.hasOwn(OPS_GROUPS, group) ? OPS_GROUPS[group] : undefined;
  return entry && (await entry.module(modules)).opsCommands?.[group];
}

/** Runs `pnpm ops <group> …`; an unknown or missing group is a usage mistake. */
export async function runOps(modules: OpsModules, argv: string[], print: Print): Promise<void> {
  const [group, ...rest] = Object.hasOwn(OPS_GROUPS, argv[0] ?? '') ? [argv[0]!, ...argv.slice(1)] : groupAfterOptions(argv);
  const command = group === undefined ? undefined : await opsCommandOf(modules, group);
  if (!command) throw new OpsInputError('', 'usage');
  await command.run(rest, print);
}

/**
 * The shared options may also come before the group (`pnpm ops --limit 5 guards list`), for the
 * groups that use them; anything the option parser refuses is a usage mistake as always.
 */
function groupAfterOptions(argv: string[]): [string | undefined, ...string[]] {
  const { tokens } = parseArgs({ args: argv, allowPositionals: true, options: SHARED_OPS_OPTIONS, tokens: true });
  const first = tokens.find((token) => token.kind === 'positional');
  if (!first || !OPS_GROUPS[first.value]?.sharedOptions) return [undefined];
  return [first.value, ...argv.filter((_, index) => index !== first.index)];
}

