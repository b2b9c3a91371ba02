import type { RegistryArea } from '@qiming/sdk';

export interface VersionAttempt {
  version: string | null;
  entry: string;
}

/**
 * The order in which one area's versions are tried on this page: the registry's version, the same
 * again once (a retry), then the last known-good version. Shared by the federation plugin (load
 * failures) and the area loader (mount failures) so both move along the same list.
 */
export class VersionPlan {
  private readonly attempts: VersionAttempt[];
  private index = 0;

  constructor(readonly area: RegistryArea) {
    const attempts: VersionAttempt[] = [];
    if (area.entry) attempts.push({ version: area.version, entry: area.entry }, { version: area.version, entry: area.entry });
    if (area.fallback && area.fallback.entry !== area.entry) attempts.push({ ...area.fallback });
    this.attempts = attempts;
  }

  get container(): string {
    return this.area.container;
  }

  current(): VersionAttempt | undefined {
    return this.attempts[this.index];
  }

  /** Moves to the next attempt; undefined when every version has been tried. */
  advance(): VersionAttempt | undefined {
    this.index = Math.min(this.index + 1, this.attempts.length);
    return this.current();
  }

  reset(): VersionAttempt | undefined {
    this.index = 0;
    return this.current();
  }
}
