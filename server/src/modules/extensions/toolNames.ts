import { createHash } from 'node:crypto';

/** What both model wire formats accept as a tool name. */
export const MODEL_TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/;
const MAX_LENGTH = 64;
const HASH_LENGTH = 8;

const shortHash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, HASH_LENGTH);

/**
 * The model-facing name of a tool: `<mcpName>__<tool>`, anything outside [A-Za-z0-9_-] replaced
 * by `_`; when that is longer than 64 characters or already taken, cut and suffixed with a short
 * hash of the real pair, so two tools never share a name.
 */
export function modelToolName(mcpName: string, tool: string, taken: ReadonlySet<string>): string {
  const full = `${mcpName}__${tool}`;
  const plain = full.replace(/[^A-Za-z0-9_-]/g, '_');
  if (plain.length <= MAX_LENGTH && !taken.has(plain)) return plain;
  for (let attempt = 0; ; attempt++) {
    const suffix = `_${shortHash(attempt === 0 ? full : `${full}#${attempt}`)}`;
    const name = `${plain.slice(0, MAX_LENGTH - suffix.length)}${suffix}`;
    if (!taken.has(name)) return name;
  }
}
