import { useEffect, useRef, useSyncExternalStore } from 'react';
import { removeFirstFrame } from '../areas/areaSkeleton';
import { markPageDrawn } from '../areas/pageDrawn';
import { createPortal } from 'react-dom';
import { ownerOfPath, sdkInstance, type Registry } from '@qiming/sdk';
import { ActivityBanner } from '../announcements/ActivityBanner';
import { AnnouncementModal } from '../announcements/AnnouncementModal';
import { TopBanner } from '../announcements/TopBanner';
import { SignInReminder } from '../account/SignInReminder';
import { DebugOverlay } from '../debug/DebugOverlay';
import { InsufficientPointsDialog } from '../dialogs/InsufficientPointsDialog';
import { PageDialogs } from '../dialogs/PageDialogs';
import { SessionExpiredDialog } from '../dialogs/SessionExpiredDialog';
import { Navbar } from '../navbar/Navbar';
import { PreviewBadge } from '../preview/PreviewBadge';
import { publishShellHeight } from '../layout/shellHeight';
import { hidesNavbar } from '../navbar/navigation';
import { ToastViewport } from '../toasts/ToastViewport';
import { HostPage } from './HostPage';
import { subscribeToLocation, useReturnPathOnLogin } from './returnPath';

const currentPath = () => window.location.pathname;

/**
 * Everything the host draws around the areas. Its first commit replaces the page's static navbar
 * bar (spec platform §2's loading state is the page's first frame: src/index.html); on a page no
 * area owns, the host's page replaces the frame's outline. The login page shows neither the navbar
 * nor announcements.
 */
export function ShellApp({ registry, hostPage }: { registry: Registry; hostPage: HTMLElement }) {
  const pathname = useSyncExternalStore(subscribeToLocation, currentPath);
  const owned = ownerOfPath(pathname, registry.areas) !== null;
  const bare = hidesNavbar(pathname);
  useEffect(() => {
    if (owned) return;
    removeFirstFrame();
    markPageDrawn();
  }, [owned]);
  useReturnPathOnLogin();
  const shell = useRef<HTMLDivElement>(null);
  useEffect(() => publishShellHeight(shell.current!), []);
  return (
    <>
      <div ref={shell} data-testid="shell" data-sdk-instance={sdkInstance.id} data-edition={registry.site.edition}>
        {bare ? null : (
          <>
            {registry.site.specialLayout ? <TopBanner /> : null}
            <Navbar pathname={pathname} />
            <ActivityBanner />
            <SignInReminder />
          </>
        )}
      </div>
      {bare ? null : <AnnouncementModal international={registry.site.edition === 'international'} />}
      <ToastViewport />
      <SessionExpiredDialog />
      <InsufficientPointsDialog />
      <PageDialogs />
      <DebugOverlay pathname={pathname} registry={registry} />
      <PreviewBadge registry={registry} />
      {owned ? null : createPortal(<HostPage pathname={pathname} apiSite={registry.apiSite} />, hostPage)}
    </>
  );
}
