import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const FILE_NAME = 'secrets.json';

function readSecrets(file: string): Record<string, string> {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = null;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed) || !Object.values(parsed).every((v) => typeof v === 'string')) {
    // Never overwrite it: that would silently replace secrets other parts of the server rely on.
    throw new Error(`${file} is not a JSON object of strings; fix or remove it`);
  }
  return parsed as Record<string, string>;
}

/**
 * A secret a deployment may leave unconfigured that must survive restarts (the verification code
 * pepper, a token signing key…): 32 random bytes, base64url, generated on first use and kept under
 * `name` in DATA_DIR/secrets.json (mode 0600). Synchronous, so callers in one process never race;
 * one DATA_DIR belongs to one server, and several instances set the value in their environment.
 */
export function persistentSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, FILE_NAME);
  const secrets = readSecrets(file);
  const existing = secrets[name];
  if (existing) return existing;

  const secret = randomBytes(32).toString('base64url');
  fs.mkdirSync(dataDir, { recursive: true });
  const staged = `${file}.${process.pid}.tmp`;
  fs.rmSync(staged, { force: true });
  fs.writeFileSync(staged, `${JSON.stringify({ ...secrets, [name]: secret }, null, 2)}\n`, { mode: 0o600 });
  fs.renameSync(staged, file);
  return secret;
}
