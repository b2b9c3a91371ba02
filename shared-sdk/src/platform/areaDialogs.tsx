import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import type { AppEvents } from '../events/eventBus';

/** The event that made the host load an area's dialogs (it fired before they were listening). */
export interface DialogOpening {
  event: keyof AppEvents;
  payload: unknown;
}

/** What an area's `./dialogs` expose is: its page-wide dialogs, mounted once by the host. */
export interface AreaDialogs {
  mount(element: HTMLElement, opening: DialogOpening): void | Promise<void>;
}

/** Wraps an area's dialogs for the host (one React root; they listen to the event bus from then on). */
export function createAreaDialogs(render: (opening: DialogOpening) => ReactNode, messages?: { ready(): Promise<void> }): AreaDialogs {
  return {
    async mount(element, opening) {
      await messages?.ready();
      createRoot(element).render(render(opening));
    },
  };
}
