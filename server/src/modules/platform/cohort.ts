import { createHash } from 'node:crypto';

/**
 * Whether a caller is in an area's canary cohort. The bucket (0–99) is a hash of area and caller,
 * so a caller stays in or out as long as the percentage does not change, and raising the
 * percentage only adds callers.
 */
export function cohortBucket(area: string, callerKey: string): number {
  return createHash('sha256').update(`${area}:${callerKey}`).digest().readUInt32BE(0) % 100;
}

export function inCanary(area: string, callerKey: string, percent: number): boolean {
  return cohortBucket(area, callerKey) < percent;
}
