/** Events areas send one another through the SDK (areas never import each other). */
export interface AppEvents {
  'pay:open': { reason?: string };
  'invite:open': Record<string, never>;
  /** 联系我们: the host shows the operator's contact channels. */
  'contact:open': Record<string, never>;
  /** 下载客户端: the host's download dialog. */
  'download:open': Record<string, never>;
  /** 加入交流群: the host's group-join dialog. */
  'group:open': Record<string, never>;
  /** 主题设置: the host's theme dialog. */
  'theme:open': Record<string, never>;
  'points:changed': { restIntegral: number | null; restIntegral2: number | null };
  /** A signed-out user asked for something that needs login (the host's 系统提示 confirm). */
  'auth:required': { returnTo?: string };
  /** The session ended and could not be renewed; `announced`: the SDK showed the message and goes to the login page. */
  'session:expired': { returnTo: string; announced: boolean };
  'area:mounted': { area: string; version: string };
  /** An area shows the page at `path` under `title` (its own heading): the host's breadcrumb names it so. */
  'page:shown': { path: string; title: string };
  /** A call or a generation was refused for lack of points (code 602): the host shows the notice. */
  'points:insufficient': { message: string };
  /** paySuccess (spec platform §4): an order was paid; the SDK refreshes points and user info everywhere. */
  'pay:success': { outTradeNo: string };
}

type Handler<T> = (payload: T) => void;

export class EventBus<Events extends object> {
  private readonly handlers = new Map<keyof Events, Set<Handler<never>>>();

  on<K extends keyof Events>(event: K, handler: Handler<Events[K]>): () => void {
    let set = this.handlers.get(event);
    if (!set) {
      set = new Set();
      this.handlers.set(event, set);
    }
    set.add(handler as Handler<never>);
    return () => set.delete(handler as Handler<never>);
  }

  emit<K extends keyof Events>(event: K, payload: Events[K]): void {
    for (const handler of [...(this.handlers.get(event) ?? [])]) {
      try {
        (handler as Handler<Events[K]>)(payload);
      } catch (error) {
        console.error(`[event-bus] handler for "${String(event)}" failed`, error);
      }
    }
  }
}

export const eventBus = new EventBus<AppEvents>();
