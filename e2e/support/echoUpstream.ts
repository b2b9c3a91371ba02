// A local OpenAI-compatible model service for the e2e product: it streams back, verbatim, what the
// user wrote after "ECHO:" (else the whole message), so a test decides exactly what an answer holds
// (XSS payloads, long Chinese text). It says how many images it was sent, so uploads can be checked
// end to end, and answers /audio/transcriptions as a speech-recognition service would.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const ECHO_MODEL = 'gemini-2.0-flash';
export const ECHO_KEY_ENV = 'E2E_ECHO_KEY';
export const TRANSCRIPT = '这是语音识别服务返回的文字';

type Part = { type: string; text?: string; image_url?: { url: string } };
type Message = { role: string; content: string | Part[] };

const sse = (payload: unknown) => `data: ${JSON.stringify(payload)}\n\n`;
const chunk = (content: string) => ({ id: 'echo', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content }, finish_reason: null }] });

function answerTo(messages: Message[]): string {
  const last = [...messages].reverse().find((m) => m.role === 'user');
  if (!last) return '';
  const parts: Part[] = typeof last.content === 'string' ? [{ type: 'text', text: last.content }] : last.content;
  const text = parts.filter((p) => p.type === 'text').map((p) => p.text ?? '').join('\n');
  const images = parts.filter((p) => p.type === 'image_url').length;
  const marker = text.indexOf('ECHO:');
  const echoed = marker >= 0 ? text.slice(marker + 'ECHO:'.length).replace(/^\s/, '') : text;
  return images > 0 ? `[收到图片 ${images} 张]\n\n${echoed}` : echoed;
}

export interface EchoUpstream {
  baseUrl: string;
  close(): Promise<void>;
}

export async function startEchoUpstream(): Promise<EchoUpstream> {
  const server = http.createServer((req, res) => {
    const body: Buffer[] = [];
    req.on('data', (piece: Buffer) => body.push(piece));
    req.on('end', () => {
      if (req.url?.endsWith('/audio/transcriptions')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ text: TRANSCRIPT }));
        return;
      }
      let messages: Message[] = [];
      try {
        messages = (JSON.parse(Buffer.concat(body).toString('utf8')) as { messages: Message[] }).messages;
      } catch {
        res.writeHead(400).end();
        return;
      }
      const answer = answerTo(messages);
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      for (let i = 0; i < answer.length; i += 40) res.write(sse(chunk(answer.slice(i, i + 40))));
      res.write(sse({ id: 'echo', object: 'chat.completion.chunk', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] }));
      res.write(sse({ id: 'echo', object: 'chat.completion.chunk', choices: [], usage: { prompt_tokens: 10, completion_tokens: Math.ceil(answer.length / 2) } }));
      res.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The server's environment for a product whose ECHO_MODEL answers, and speech is recognised, through the echo service. */
export function echoChannelEnv(upstream: EchoUpstream): Record<string, string> {
  return {
    CHAT_CHANNELS: JSON.stringify([{ id: 'e2e-echo', kind: 'openai-compatible', models: [ECHO_MODEL], baseUrl: upstream.baseUrl, apiKeyEnv: ECHO_KEY_ENV }]),
    [ECHO_KEY_ENV]: 'e2e-echo-key',
    TRANSCRIBE_API_BASE_URL: upstream.baseUrl,
  };
}
