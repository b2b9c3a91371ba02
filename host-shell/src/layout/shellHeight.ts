/**
 * The platform's one measure of the shell: `--qm-shell-height` on the root element, the height of
 * what the host draws above the areas (top promo banner, navbar, activity banner). Areas that fill
 * the window (the chat page, drawers under the navbar) size themselves with it instead of assuming
 * the navbar's 56 px, so a banner never pushes their bottom row (the composer's 发送) off screen.
 */
export const SHELL_HEIGHT_VAR = '--qm-shell-height';

/** Follows `shell`'s height until the returned function is called. */
export function publishShellHeight(shell: HTMLElement, root: HTMLElement = document.documentElement): () => void {
  const publish = () => root.style.setProperty(SHELL_HEIGHT_VAR, `${Math.round(shell.getBoundingClientRect().height)}px`);
  publish();
  if (typeof ResizeObserver === 'undefined') return () => undefined;
  const observer = new ResizeObserver(publish);
  observer.observe(shell);
  return () => observer.disconnect();
}
