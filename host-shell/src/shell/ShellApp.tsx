import { useEffect, useRef, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { ownerOfPath, sdkInstance, session, type Registry } from '@qiming/sdk';
import { Navbar } from './Navbar';
import { HostPage } from './HostPage';
import { ToastViewport } from './ToastViewport';
import { SessionExpiredDialog } from './SessionExpiredDialog';
import { InsufficientPointsDialog } from './InsufficientPointsDialog';
import { ContactDialog } from './ContactDialog';
import { hidesNavbar } from './navigation';

function subscribe(onChange: () => void) {
  window.addEventListener('popstate', onChange);
  window.addEventListener('single-spa:routing-event', onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener('single-spa:routing-event', onChange);
  };
}

const currentPath = () => window.location.pathname;

/** spec platform §2: going to /loginPage remembers the full path the user came from. */
function useReturnPathOnLogin(pathname: string) {
  const previous = useRef<string | null>(null);
  useEffect(() => {
    if (pathname === '/loginPage' && previous.current) session.rememberReturnTo(previous.current);
    previous.current = pathname === '/loginPage' ? null : `${window.location.pathname}${window.location.search}`;
  }, [pathname]);
}

export function ShellApp({ registry, hostPage, onReady }: { registry: Registry; hostPage: HTMLElement; onReady(): void }) {
  const pathname = useSyncExternalStore(subscribe, currentPath);
  const owned = ownerOfPath(pathname, registry.areas) !== null;
  useEffect(onReady, [onReady]);
  useReturnPathOnLogin(pathname);
  return (
    <>
      <div data-testid="shell" data-sdk-instance={sdkInstance.id}>
        {hidesNavbar(pathname) ? null : <Navbar pathname={pathname} />}
      </div>
      <ToastViewport />
      <SessionExpiredDialog />
      <InsufficientPointsDialog />
      <ContactDialog />
      {owned ? null : createPortal(<HostPage pathname={pathname} apiSite={registry.apiSite} />, hostPage)}
    </>
  );
}
