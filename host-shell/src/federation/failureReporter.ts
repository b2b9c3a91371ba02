import type { RemoteFailureReport } from '@qiming/sdk';

export const REMOTE_ERRORS_URL = '/app-api/platform/remote-errors';

/** Sends a remote failure to the server (best effort: reporting must never break the page). */
export function reportRemoteFailure(report: RemoteFailureReport): void {
  console.error(`[area ${report.area}] ${report.stage} of version ${report.version ?? '-'} failed: ${report.message}`);
  try {
    void fetch(REMOTE_ERRORS_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(report),
      keepalive: true,
    }).catch(() => {});
  } catch {
    // nothing to do: the failure is already logged
  }
}
