import { useMediaQuery } from '@qiming/sdk';

/** Phones (spec chat §9: 500 px and less, with some room) get dialogs across the whole screen. */
export const PHONE = '(max-width: 600px)';

/** The dialog's width and placement: `desktop` wide on desktops, the whole screen on phones. */
export function useDialogWidth(desktop: number) {
  const phone = useMediaQuery(PHONE);
  return phone
    ? { width: '100%', style: { top: 0, maxWidth: '100%', margin: 0, paddingBottom: 0 }, phone }
    : { width: desktop, style: undefined, phone };
}
