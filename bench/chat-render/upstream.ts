// A local OpenAI-compatible upstream that streams one fixed markdown answer at a fixed chunk rate,
// cut into the offline model's pieces (pacing.ts, OFFLINE_DEFAULTS.chunkChars). The render
// benchmark routes one catalogue model to it because the offline model's answers are ~500 tokens
// of one kind (see the README), far from the ~2,000-token mixed answer the scenario needs.
// The gateway's follow-up suggestions call (a short request on the same channel) is answered with
// three questions after `followUpDelayMs`, as a slow real model would.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { FOLLOW_UP_MAX_TOKENS } from '../../server/src/modules/chat/followUps.ts';
import { OFFLINE_DEFAULTS } from '../../server/src/modules/chat/upstream/offline/offlineModel.ts';
import { piecesOf } from '../../server/src/modules/chat/upstream/offline/pacing.ts';
import { countTokens } from '../../server/src/modules/chat/upstream/tokens.ts';

export interface PacedUpstream {
  /** The `baseUrl` of a CHAT_CHANNELS entry. */
  baseUrl: string;
  pieces: number;
  /** Epoch ms (performance.timeOrigin + now) at which the latest answer's last chunk ([DONE]) was written; null before any. */
  lastAnswerEndAt(): number | null;
  close(): Promise<void>;
}

/** What the follow-up call answers (the gateway parses one question per line). */
export const BENCH_FOLLOW_UPS = ['快速排序的最坏情况如何避免？', '归并排序适合哪些场景？', '如何选择排序算法？'];

const sse = (payload: unknown) => `data: ${JSON.stringify(payload)}\n\n`;
const delta = (content: string) => ({ id: 'bench', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content }, finish_reason: null }] });
const epochNow = () => performance.timeOrigin + performance.now();

/** The gateway's follow-up call is the one asking for FOLLOW_UP_MAX_TOKENS output tokens. */
function isFollowUpCall(body: string): boolean {
  try {
    const request = JSON.parse(body) as { max_tokens?: unknown; max_completion_tokens?: unknown };
    return (request.max_tokens ?? request.max_completion_tokens) === FOLLOW_UP_MAX_TOKENS;
  } catch {
    return false;
  }
}

/** Ends a stream the way OpenAI does: a stop with the usage, then [DONE]. */
function endStream(res: http.ServerResponse, usage: { prompt_tokens: number; completion_tokens: number }): void {
  res.write(sse({ id: 'bench', object: 'chat.completion.chunk', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] }));
  res.write(sse({ id: 'bench', object: 'chat.completion.chunk', choices: [], usage }));
  res.end('data: [DONE]\n\n');
}

/**
 * Answers every POST .../chat/completions with `answer`, one piece every 1000 / chunksPerSecond ms
 * after `firstChunkMs`. Each piece is due at a fixed time from the first, so timer lateness does
 * not accumulate into a slower rate. A follow-up call gets BENCH_FOLLOW_UPS after `followUpDelayMs`.
 */
export async function startPacedUpstream(answer: string, chunksPerSecond: number, firstChunkMs: number, followUpDelayMs: number): Promise<PacedUpstream> {
  const pieces = piecesOf(answer, OFFLINE_DEFAULTS.chunkChars);
  const usage = { prompt_tokens: 20, completion_tokens: countTokens(answer) };
  const intervalMs = 1000 / chunksPerSecond;
  let lastAnswerEndAt: number | null = null;
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (part: string) => (body += part));
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.socket?.setNoDelay(true);
      let timer: NodeJS.Timeout | undefined;
      res.on('close', () => clearTimeout(timer));
      if (isFollowUpCall(body)) {
        timer = setTimeout(() => {
          res.write(sse(delta(BENCH_FOLLOW_UPS.join('\n'))));
          endStream(res, { prompt_tokens: 20, completion_tokens: 30 });
        }, followUpDelayMs);
        return;
      }
      const start = performance.now() + firstChunkMs;
      let index = 0;
      const next = () => {
        if (index === pieces.length) {
          endStream(res, usage);
          lastAnswerEndAt = epochNow();
          return;
        }
        res.write(sse(delta(pieces[index]!)));
        index++;
        timer = setTimeout(next, Math.max(0, start + index * intervalMs - performance.now()));
      };
      timer = setTimeout(next, firstChunkMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.unref();
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    pieces: pieces.length,
    lastAnswerEndAt: () => lastAnswerEndAt,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
