import type { RemoteFailureReport } from '@qiming/sdk';

/** The part of the module-federation runtime the host uses (a real instance in the browser and in tests). */
export interface Federation {
  registerRemotes(remotes: Array<{ name: string; entry: string }>, options?: { force?: boolean }): void;
  loadRemote<T>(id: string): Promise<T | null>;
}

export type ReportFailure = (report: RemoteFailureReport) => void;

export const APP_EXPOSE = 'app';

export function errorMessage(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.slice(0, 500);
}
