/** Chrome's install event (not in TypeScript's DOM library). */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let deferred: InstallPromptEvent | null = null;

/**
 * Keeps the browser's install offer for the download dialog's 安装为应用 button. Must run at boot:
 * the event fires once, early, and only if the page is installable and not yet installed.
 */
export function captureInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as InstallPromptEvent;
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
  });
}

/** Shows the browser's install prompt; false when the browser offers none (installed, or unsupported). */
export async function promptInstall(): Promise<boolean> {
  const offer = deferred;
  if (!offer) return false;
  deferred = null; // an offer can be used once
  await offer.prompt();
  await offer.userChoice;
  return true;
}
