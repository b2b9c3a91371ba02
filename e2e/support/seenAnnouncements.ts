import fs from 'node:fs';
import path from 'node:path';
import { signature } from './api';

/**
 * A browser that has already closed the server's current 重要通知 and activity banner: every test starts
 * from it (playwright.config.ts `storageState`), except those about the announcements themselves.
 */
export const SEEN_ANNOUNCEMENTS_STATE = path.join(__dirname, '..', '.e2e-data', 'seen-announcements.json');

export async function writeSeenAnnouncementsState(baseUrl: string): Promise<void> {
  const response = await fetch(`${baseUrl}/app-api/platform/announcements`, { headers: signature() });
  const { data } = (await response.json()) as { data: { notice: { version: number }; activity: { version: number } | null } };
  const localStorage = [
    { name: 'showNotifyVersion', value: String(data.notice.version) },
    { name: 'showNotifyCount', value: 'closed' },
    ...(data.activity
      ? [
          { name: 'showActiviesVersion', value: String(data.activity.version) },
          { name: 'showActiviesCount', value: 'closed' },
        ]
      : []),
  ];
  fs.mkdirSync(path.dirname(SEEN_ANNOUNCEMENTS_STATE), { recursive: true });
  fs.writeFileSync(SEEN_ANNOUNCEMENTS_STATE, JSON.stringify({ cookies: [], origins: [{ origin: baseUrl, localStorage }] }));
}
