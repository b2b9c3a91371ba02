import type { FastifyInstance } from 'fastify';
import { AppError } from './envelope.js';

/**
 * C0 control characters other than tab, newline and carriage return: never text a user typed, and
 * PostgreSQL refuses NUL in text outright (a 500 where a 400 belongs). One rule for every request
 * field: body, querystring and params, including object keys.
 */
const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;

const printable = (key: string) => key.replace(/[\u0000-\u001f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** The path ("a.b.0", "" for the value itself) of the first string or key holding a control character; null when none does. */
export function controlCharacterPath(value: unknown, path: string[] = [], seen = new WeakSet<object>()): string | null {
  if (typeof value === 'string') return CONTROL_CHARACTER.test(value) ? path.join('.') : null;
  if (value === null || typeof value !== 'object' || seen.has(value)) return null;
  seen.add(value);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = controlCharacterPath(value[i], [...path, String(i)], seen);
      if (found !== null) return found;
    }
    return null;
  }
  // Binary bodies (Buffers) and streams are not text; parsed querystrings have a prototype of their own.
  if (ArrayBuffer.isView(value) || typeof (value as { pipe?: unknown }).pipe === 'function') return null;
  for (const [key, item] of Object.entries(value)) {
    if (CONTROL_CHARACTER.test(key)) return [...path, printable(key)].join('.');
    const found = controlCharacterPath(item, [...path, key], seen);
    if (found !== null) return found;
  }
  return null;
}

/** Refuses, before any route's own validation, a request whose params, query or body holds a control character. */
export function installControlCharacterRule(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const path = controlCharacterPath(part);
      if (path !== null) throw new AppError(400, `请求参数不正确：${path ? `${path} ` : ''}不能包含控制字符`);
    }
  });
}
