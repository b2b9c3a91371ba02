import type { Log } from '../log.js';

export interface LogLine {
  level: 'info' | 'warn' | 'error';
  msg: string;
  obj: object;
}

/** A Log that keeps every line, for tests that check what was logged. */
export function recordingLog(): Log & { lines: LogLine[]; messages(level: LogLine['level']): string[] } {
  const lines: LogLine[] = [];
  const at =
    (level: LogLine['level']) =>
    (objOrMsg: object | string, msg?: string): void => {
      if (typeof objOrMsg === 'string') lines.push({ level, msg: objOrMsg, obj: {} });
      else lines.push({ level, msg: msg ?? '', obj: objOrMsg });
    };
  return { lines, info: at('info'), warn: at('warn'), error: at('error'), messages: (level) => lines.filter((line) => line.level === level).map((line) => line.msg) };
}
