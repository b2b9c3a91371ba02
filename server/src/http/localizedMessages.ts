import type { FastifyInstance } from 'fastify';
import type { Translator } from '../locale/index.js';

/**
 * The refusals users read (`msg` of an envelope with a non-zero code) in the edition's language:
 * one `onSend` hook over every JSON answer, so no route keeps a copy per language. Registered
 * before compression (hooks run in order), on the domestic edition not at all.
 */
export function installLocalizedMessages(app: FastifyInstance, translator: Translator): void {
  if (translator.edition === 'domestic') return;
  app.addHook('onSend', async (_request, reply, payload) => {
    if (typeof payload !== 'string' || !/json/.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    if (!payload.includes('"msg"')) return payload;
    let body: unknown;
    try {
      body = JSON.parse(payload);
    } catch {
      return payload;
    }
    if (!body || typeof body !== 'object') return payload;
    const envelope = body as { code?: unknown; msg?: unknown };
    if (envelope.code === 0 || typeof envelope.msg !== 'string' || !envelope.msg) return payload;
    const msg = translator.text(envelope.msg);
    return msg === envelope.msg ? payload : JSON.stringify({ ...envelope, msg });
  });
}
