import { request, type RemoteFailureReport } from '@qiming/sdk';

export const REMOTE_ERRORS_PATH = 'platform/remote-errors';

/** Sends a remote failure to the server through the signed client (best effort, never toasts). */
export function reportRemoteFailure(report: RemoteFailureReport): void {
  console.error(`[area ${report.area}] ${report.stage} of version ${report.version ?? '-'} failed: ${report.message}`);
  request.post(REMOTE_ERRORS_PATH, report).catch(() => {
    // already logged above; a failed report must not disturb the page
  });
}
