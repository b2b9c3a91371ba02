import { publishShellHeight, SHELL_HEIGHT_VAR } from './shellHeight';

describe('publishShellHeight', () => {
  it('publishes the shell height and follows it as banners come and go', () => {
    let height = 56;
    let notify: () => void = () => undefined;
    const observed: Element[] = [];
    (globalThis as { ResizeObserver?: unknown }).ResizeObserver = class {
      constructor(callback: () => void) {
        notify = callback;
      }
      observe(element: Element) {
        observed.push(element);
      }
      disconnect() {
        notify = () => undefined;
      }
    };
    const shell = document.createElement('div');
    shell.getBoundingClientRect = () => ({ height }) as DOMRect;
    const root = document.createElement('div');
    const stop = publishShellHeight(shell, root);
    expect(root.style.getPropertyValue(SHELL_HEIGHT_VAR)).toBe('56px');
    expect(observed).toEqual([shell]);
    height = 56 + 47.6;
    notify();
    expect(root.style.getPropertyValue(SHELL_HEIGHT_VAR)).toBe('104px');
    stop();
    height = 56;
    notify();
    expect(root.style.getPropertyValue(SHELL_HEIGHT_VAR)).toBe('104px');
    delete (globalThis as { ResizeObserver?: unknown }).ResizeObserver;
  });
});
