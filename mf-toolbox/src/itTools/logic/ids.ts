import { decodeTime, isValid as isUlid, ulid } from 'ulid';
import { v4, v7, validate, version } from 'uuid';

export type IdKind = 'uuid4' | 'uuid7' | 'ulid';

export interface IdOptions {
  uppercase?: boolean;
  /** UUIDs only: leave out the hyphens. */
  noHyphens?: boolean;
}

export function makeIds(kind: IdKind, count: number, { uppercase = false, noHyphens = false }: IdOptions = {}): string[] {
  const n = Math.min(Math.max(Math.trunc(count) || 1, 1), 500);
  return Array.from({ length: n }, () => {
    let id = kind === 'ulid' ? ulid() : kind === 'uuid4' ? v4() : v7();
    if (kind !== 'ulid' && noHyphens) id = id.replace(/-/g, '');
    // ULIDs are upper case by definition; lower case is only asked for UUIDs.
    return kind === 'ulid' || uppercase ? id.toUpperCase() : id;
  });
}

export type IdInfo = { kind: 'uuid'; version: number; time: Date | null } | { kind: 'ulid'; time: Date } | null;

/** What an id is: a UUID's version (and a v7's time) or a ULID's time; null when it is neither. */
export function inspectId(text: string): IdInfo {
  const id = text.trim();
  if (/^[0-9a-f]{32}$/i.test(id)) return inspectId(`${id.slice(0, 8)}-${id.slice(8, 12)}-${id.slice(12, 16)}-${id.slice(16, 20)}-${id.slice(20)}`);
  if (validate(id.toLowerCase())) {
    const v = version(id.toLowerCase());
    const time = v === 7 ? new Date(parseInt(id.replace(/-/g, '').slice(0, 12), 16)) : null;
    return { kind: 'uuid', version: v, time };
  }
  if (isUlid(id.toUpperCase())) return { kind: 'ulid', time: new Date(decodeTime(id.toUpperCase())) };
  return null;
}
