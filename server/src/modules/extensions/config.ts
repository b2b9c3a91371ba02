import { z } from 'zod';

/** Extensions (server/src/modules/extensions/README.md). */
export interface ExtensionsConfig {
  /** EXTENSIONS_OUTBOUND_FETCH: the built-in 网页读取 may fetch public web pages; off, it refuses every URL. */
  outboundFetch: boolean;
}

const ExtensionsEnv = z.object({
  EXTENSIONS_OUTBOUND_FETCH: z.enum(['true', 'false', '1', '0', '']).default('false'),
});

/** The EXTENSIONS_* variables. Invalid values stop the server. */
export function extensionsConfigOf(env: NodeJS.ProcessEnv): ExtensionsConfig {
  const parsed = ExtensionsEnv.safeParse(env);
  if (!parsed.success) {
    throw new Error(`invalid server configuration: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`);
  }
  const flag = parsed.data.EXTENSIONS_OUTBOUND_FETCH;
  return { outboundFetch: flag === 'true' || flag === '1' };
}
