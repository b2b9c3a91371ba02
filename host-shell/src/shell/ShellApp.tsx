import { useEffect, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { ownerOfPath, sdkInstance, type Registry } from '@qiming/sdk';
import { Navbar } from './Navbar';
import { HostPage } from './HostPage';
import { ToastViewport } from './ToastViewport';
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

export function ShellApp({ registry, hostPage, onReady }: { registry: Registry; hostPage: HTMLElement; onReady(): void }) {
  const pathname = useSyncExternalStore(subscribe, currentPath);
  const owned = ownerOfPath(pathname, registry.areas) !== null;
  useEffect(onReady, [onReady]);
  return (
    <>
      <div data-testid="shell" data-sdk-instance={sdkInstance.id}>
        {hidesNavbar(pathname) ? null : <Navbar pathname={pathname} />}
      </div>
      <ToastViewport />
      {owned ? null : createPortal(<HostPage pathname={pathname} apiSite={registry.apiSite} />, hostPage)}
    </>
  );
}
