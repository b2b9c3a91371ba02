import { eventBus, type AppEvents, type AreaDialogs } from '@qiming/sdk';
import type { Federation } from '../federation/federation';

/**
 * Dialogs an area offers to the whole page (the pay area's invite and pay dialogs): loaded the first
 * time one of their events fires, mounted once into their own element and handed the event that
 * woke them (it fired before they listened); afterwards they listen to the bus themselves.
 */
export function loadDialogsOn(events: Array<keyof AppEvents>, container: string, federation: Federation): void {
  let loading: Promise<void> | null = null;
  const unsubscribers = events.map((event) =>
    eventBus.on(event, (payload) => {
      if (loading) return;
      loading = (async () => {
        const module = await federation.loadRemote<{ default: AreaDialogs }>(`${container}/dialogs`);
        const element = document.createElement('div');
        element.dataset.dialogs = container;
        document.body.append(element);
        unsubscribers.forEach((off) => off());
        await module?.default.mount(element, { event, payload });
      })().catch((error) => {
        loading = null;
        console.error(`[host] dialogs of ${container} could not be loaded`, error);
      });
    }),
  );
}
