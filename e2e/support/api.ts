import { createCipheriv, randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';

/** The request signature the browser SDK adds (server/README.md "Request signature"), with the published default key. */
export function signature(): Record<string, string> {
  const seconds = String(Math.floor(Date.now() / 1000));
  const cipher = createCipheriv('aes-128-cbc', Buffer.from('qimingai-signkey'), Buffer.from('qimingai-sign-iv'));
  const sec = Buffer.concat([cipher.update(seconds, 'utf8'), cipher.final()]).toString('base64');
  return { type: randomBytes(16).toString('base64'), sec, sec2: seconds };
}

/** The signed-in user's access token, as the SDK stored it. */
export async function accessToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => window.localStorage.getItem('myToken'));
  if (!token) throw new Error('not signed in');
  return token;
}

/** A signed call as the page's user, answering the envelope's data. */
export async function apiData<T>(page: Page, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const response = await page.request.fetch(`/app-api/${path}`, {
    method,
    headers: { ...signature(), authorization: `Bearer ${await accessToken(page)}`, 'content-type': 'application/json' },
    data: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as { code: number; data: T; msg: string };
  if (envelope.code !== 0) throw new Error(`${path}: ${envelope.code} ${envelope.msg}`);
  return envelope.data;
}

/** Where a message goes: a new conversation (both null) or after an answer of an existing one. */
interface Continuation {
  convGroupId: string | null;
  parentConvId: string | null;
}

/** Sends one chat message through the gateway as the page's user; resolves the SSE text once done. */
export async function chatOnce(page: Page, request: string, model = 'glm-4-flash', after: Continuation = { convGroupId: null, parentConvId: null }): Promise<string> {
  const response = await page.request.post('/app-api/backend-api/getStream', {
    headers: { ...signature(), authorization: `Bearer ${await accessToken(page)}`, 'content-type': 'application/json' },
    data: JSON.stringify({ model, modelName: model, request, recentChatLen: 4, useContext: true, stream: true, search: false, ...after, useHong: false, knowledgeId: null, intelligentCode: null, uploadedFiles: [] }),
  });
  const text = await response.text();
  if (!text.includes('event: done')) throw new Error(`the stream did not finish: ${text.slice(-300)}`);
  return text;
}

/** Asks the questions one after another in one new conversation; resolves its id. */
export async function conversation(page: Page, questions: readonly string[], model = 'glm-4-flash'): Promise<string> {
  let after: Continuation = { convGroupId: null, parentConvId: null };
  for (const question of questions) {
    const ids = [...(await chatOnce(page, question, model, after)).matchAll(/"convId":"([^"]+)","convGroupId":"([^"]+)"/g)].at(-1);
    if (!ids) throw new Error('the stream named no conversation');
    after = { convGroupId: ids[2]!, parentConvId: ids[1]! };
  }
  return after.convGroupId!;
}
