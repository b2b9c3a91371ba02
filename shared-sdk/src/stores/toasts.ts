import { makeAutoObservable } from 'mobx';

export type ToastKind = 'info' | 'success' | 'error' | 'warn';

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
  /** Distance from the top of the window, px. */
  top: number;
  visible: boolean;
}

export interface ToastOptions {
  durationMs?: number;
  top?: number;
}

/** spec platform §5: 3000 ms, 80 px from the top. */
export const TOAST_DEFAULTS = { durationMs: 3000, top: 80 } as const;
/** The list is emptied this long after the last toast hid (its leave animation). */
export const CLEAR_AFTER_MS = 500;

interface Timer {
  remainingMs: number;
  startedAt: number;
  handle: ReturnType<typeof setTimeout> | null;
}

/** Toasts for the whole page: auto-hide, pause on hover, cleared 500 ms after all are hidden. */
export class ToastStore {
  items: Toast[] = [];
  private nextId = 1;
  private readonly timers = new Map<number, Timer>();
  private clearHandle: ReturnType<typeof setTimeout> | null = null;

  constructor() {
    makeAutoObservable<this, 'timers' | 'clearHandle' | 'nextId'>(this, { timers: false, clearHandle: false, nextId: false });
  }

  show(kind: ToastKind, message: string, options: ToastOptions = {}): number {
    const id = this.nextId++;
    if (this.clearHandle) clearTimeout(this.clearHandle);
    this.clearHandle = null;
    this.items.push({ id, kind, message, top: options.top ?? TOAST_DEFAULTS.top, visible: true });
    this.startTimer(id, options.durationMs ?? TOAST_DEFAULTS.durationMs);
    return id;
  }

  info = (message: string, options?: ToastOptions) => this.show('info', message, options);
  success = (message: string, options?: ToastOptions) => this.show('success', message, options);
  error = (message: string, options?: ToastOptions) => this.show('error', message, options);
  warn = (message: string, options?: ToastOptions) => this.show('warn', message, options);

  pause(id: number): void {
    const timer = this.timers.get(id);
    if (!timer?.handle) return;
    clearTimeout(timer.handle);
    timer.handle = null;
    timer.remainingMs -= Date.now() - timer.startedAt;
  }

  resume(id: number): void {
    const timer = this.timers.get(id);
    if (!timer || timer.handle) return;
    this.startTimer(id, Math.max(0, timer.remainingMs));
  }

  hide(id: number): void {
    const toast = this.items.find((t) => t.id === id);
    if (toast) toast.visible = false;
    const timer = this.timers.get(id);
    if (timer?.handle) clearTimeout(timer.handle);
    this.timers.delete(id);
    if (this.items.every((t) => !t.visible)) {
      this.clearHandle = setTimeout(() => this.clear(), CLEAR_AFTER_MS);
    }
  }

  private clear(): void {
    this.items = [];
    this.clearHandle = null;
  }

  private startTimer(id: number, durationMs: number): void {
    const handle = setTimeout(() => this.hide(id), durationMs);
    this.timers.set(id, { remainingMs: durationMs, startedAt: Date.now(), handle });
  }
}
