import { runCli } from '../ops/runCli.js';

export interface OpsCliResult {
  code: number;
  /** What the command printed, a line each, as a terminal would show it. */
  out: string;
  err: string;
}

/**
 * Runs `pnpm ops <args>` in this process against a test's storage: the CLI's own entry (`runCli`),
 * without the second or two a fresh `node --import tsx` process costs per command.
 */
export async function opsCli(
  storage: { dataDir: string; databaseUrl?: string | undefined },
  args: string[],
  env: Record<string, string> = {},
): Promise<OpsCliResult> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(args, {
    env: { ...process.env, DATA_DIR: storage.dataDir, DATABASE_URL: storage.databaseUrl ?? '', ...env },
    out: (line) => out.push(`${line}\n`),
    err: (line) => err.push(`${line}\n`),
  });
  return { code, out: out.join(''), err: err.join('') };
}
