import { useEffect, useState } from 'react';
import { eventBus } from '@qiming/sdk';
import { ContactDialog } from './ContactDialog';
import { DownloadDialog } from './DownloadDialog';
import { GroupJoinDialog } from './GroupJoinDialog';
import { ThemeDialog } from './ThemeDialog';

const DIALOGS = {
  'contact:open': ContactDialog,
  'download:open': DownloadDialog,
  'group:open': GroupJoinDialog,
  'theme:open': ThemeDialog,
} as const;

type DialogEvent = keyof typeof DIALOGS;

/** The host's page-wide dialogs, opened from any area through the event bus; one at a time. */
export function PageDialogs() {
  const [open, setOpen] = useState<DialogEvent | null>(null);
  useEffect(() => {
    const offs = (Object.keys(DIALOGS) as DialogEvent[]).map((event) => eventBus.on(event, () => setOpen(event)));
    return () => offs.forEach((off) => off());
  }, []);
  if (!open) return null;
  const Open = DIALOGS[open];
  return <Open onClose={() => setOpen(null)} />;
}
