import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, FastifyPluginAsync, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** Every module's routes are registered under this prefix (server/src/app.ts); route files write the rest. */
export const API_PREFIX = '/app-api';

/** A full /app-api/… path (a link, a form action) as the route under API_PREFIX. */
export function apiRoute(fullPath: string): string {
  if (!fullPath.startsWith(`${API_PREFIX}/`)) throw new Error(`not an ${API_PREFIX} path: ${fullPath}`);
  return fullPath.slice(API_PREFIX.length);
}

/** A module's routes: a Fastify plugin whose zod schemas go through the type provider. */
export type ModuleRoutes = FastifyPluginAsync<Record<never, never>, RawServerDefault, ZodTypeProvider>;

/** How `pnpm ops` prints a line. */
export type Print = (line: string) => void;

/** One `pnpm ops <group> …` group: its usage text (shown with every usage mistake) and its handler. */
export interface OpsCommand {
  usage: string;
  /** The arguments after the group name. */
  run(argv: string[], print: Print): Promise<void>;
}

/**
 * The one shape of a server module (server/README.md, "Adding a module"): built by
 * `create<Domain>Module(deps)` from explicit dependencies (other modules' services among them).
 */
export interface ServerModule<Service = unknown> {
  /** Registered by app.ts under API_PREFIX, in its own encapsulated scope. */
  routes?: ModuleRoutes;
  /** What other modules, app.ts and the tests use. */
  service: Service;
  /** Stops the module's timers and workers; app.ts closes modules in reverse order. */
  close?(): Promise<void>;
  /** Its `pnpm ops` groups, by group name. */
  opsCommands?: Record<string, OpsCommand>;
}

/**
 * An operator's mistake or a refused ops change. `input`: the message, exit 2; `usage`: the
 * message (if any) and every group's usage, exit 2; `failed`: 失败：message, exit 1.
 */
export class OpsInputError extends Error {
  constructor(
    message: string,
    readonly kind: 'input' | 'usage' | 'failed' = 'input',
  ) {
    super(message);
  }
}

/** The instance a routes file declares its routes on: zod schemas in `schema` type request.body / query / params. */
export type ModuleApp = FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger, ZodTypeProvider>;

/**
 * Forms send nothing or null for an empty body: the same as {} (what the handlers used to do
 * with `request.body ?? {}`), so a missing field gets its own message.
 */
export function orEmpty<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => value ?? {}, schema);
}
