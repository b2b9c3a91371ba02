import type { FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors, validatorCompiler } from 'fastify-type-provider-zod';
import { z, ZodError } from 'zod';
import { installControlCharacterRule } from './controlCharacters.js';

// Validation messages in Chinese, like every other message the product shows.
z.config(z.locales.zhCN());

/** Every JSON call answers { code, data, msg }: code 0 is success. */
export function ok<T>(data: T, msg = '') {
  return { code: 0, data, msg };
}

/** A refusal; `data` only where the client needs more than the message (e.g. the server time). */
export function fail(code: number, msg: string, data: unknown = null) {
  return { code, data, msg };
}

/** An expected refusal (bad input, a rule): HTTP 200 with a non-zero code the client shows as is. */
export class AppError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly httpStatus = 200,
  ) {
    super(message);
  }
}

function describeIssues(issues: { path: string; message: string }[]): string {
  return issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('；');
}

function describeZod(error: ZodError): string {
  return describeIssues(error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })));
}

/**
 * Error handling for the whole API: clear Chinese messages, never a stack trace, never a bare 500 for
 * bad input. Routes declare their zod schemas (body, querystring, params) through the type provider
 * (fastify-type-provider-zod); a refusal is answered like a ZodError thrown in a handler. Before any
 * route's validation, one rule for every field of every route (with a schema or not): no control
 * characters (controlCharacters.ts).
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setValidatorCompiler(validatorCompiler);
  installControlCharacterRule(app);
  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply: FastifyReply) => {
    if (error instanceof AppError) return reply.status(error.httpStatus).send(fail(error.code, error.message));
    if (error instanceof ZodError) return reply.status(200).send(fail(400, `请求参数不正确：${describeZod(error)}`));
    if (hasZodFastifySchemaValidationErrors(error)) {
      // instancePath is the zod path joined with "/" ("/" alone for the value itself).
      const issues = error.validation.map((i) => ({ path: i.instancePath.slice(1).split('/').join('.'), message: i.message ?? '' }));
      return reply.status(200).send(fail(400, `请求参数不正确：${describeIssues(issues)}`));
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || (error instanceof SyntaxError && error.statusCode === 400)) {
      return reply.status(400).send(fail(400, '请求体不是合法的 JSON'));
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return reply.status(415).send(fail(415, '不支持的请求内容类型'));
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.status(413).send(fail(413, '请求内容过大'));
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send(fail(error.statusCode, '请求无效'));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(fail(500, '服务器内部错误，请稍后重试'));
  });
}
