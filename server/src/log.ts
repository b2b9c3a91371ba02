/**
 * What the server's code logs through: the part of pino's logger (Fastify's `app.log`,
 * `request.log`) it uses — a bindings object and a message, or a message alone.
 */
export interface Log {
  info: LogFn;
  warn: LogFn;
  error: LogFn;
}

export interface LogFn {
  (obj: object, msg?: string): void;
  (msg: string): void;
}

/** A Log that drops everything. */
export const silentLog: Log = { info() {}, warn() {}, error() {} };
