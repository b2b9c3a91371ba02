import { makeAutoObservable, runInAction } from 'mobx';
import { dataOf, request, type AnnouncementsPayload } from '@qiming/sdk';

/**
 * What the server publishes for the shell (GET platform/announcements, managed with
 * `pnpm ops announcements …`): the 重要通知 modal, the activity banner, the update-notice card, the
 * rotating promos and the special layout's top banner. Fetched once per page load.
 */
class AnnouncementsStore {
  payload: AnnouncementsPayload | null = null;

  constructor() {
    makeAutoObservable(this);
  }

  async load(): Promise<void> {
    try {
      const payload = await dataOf(request.get<AnnouncementsPayload>('platform/announcements'));
      runInAction(() => {
        this.payload = payload;
      });
    } catch (error) {
      // The shell works without announcements; the SDK already told the user about a failed call.
      console.warn('[host] announcements unavailable', error);
    }
  }
}

export const announcements = new AnnouncementsStore();
