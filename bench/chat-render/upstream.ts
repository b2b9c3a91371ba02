// A local OpenAI-compatible upstream that streams one fixed markdown answer at a fixed chunk rate,
// cut into the offline model's pieces (pacing.ts, OFFLINE_DEFAULTS.chunkChars). The render
// benchmark routes one catalogue model to it because the offline model's answers are ~500 tokens
// of one kind (see the README), far from the ~2,000-token mixed answer the scenario needs.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { OFFLINE_DEFAULTS } from '../../server/src/modules/chat/upstream/offline/offlineModel.ts';
import { piecesOf } from '../../server/src/modules/chat/upstream/offline/pacing.ts';
import { countTokens } from '../../server/src/modules/chat/upstream/tokens.ts';

export interface PacedUpstream {
  /** The `baseUrl` of a CHAT_CHANNELS entry. */
  baseUrl: string;
  pieces: number;
  close(): Promise<void>;
}

const sse = (payload: unknown) => `data: ${JSON.stringify(payload)}\n\n`;
const delta = (content: string) => ({ id: 'bench', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content }, finish_reason: null }] });

/**
 * Answers every POST .../chat/completions with `answer`, one piece every 1000 / chunksPerSecond ms
 * after `firstChunkMs`. Each piece is due at a fixed time from the first, so timer lateness does
 * not accumulate into a slower rate.
 */
export async function startPacedUpstream(answer: string, chunksPerSecond: number, firstChunkMs: number): Promise<PacedUpstream> {
  const pieces = piecesOf(answer, OFFLINE_DEFAULTS.chunkChars);
  const usage = { prompt_tokens: 20, completion_tokens: countTokens(answer) };
  const intervalMs = 1000 / chunksPerSecond;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.socket?.setNoDelay(true);
      const start = performance.now() + firstChunkMs;
      let index = 0;
      let timer: NodeJS.Timeout | undefined;
      const next = () => {
        if (index === pieces.length) {
          res.write(sse({ id: 'bench', object: 'chat.completion.chunk', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] }));
          res.write(sse({ id: 'bench', object: 'chat.completion.chunk', choices: [], usage }));
          res.end('data: [DONE]\n\n');
          return;
        }
        res.write(sse(delta(pieces[index]!)));
        index++;
        timer = setTimeout(next, Math.max(0, start + index * intervalMs - performance.now()));
      };
      timer = setTimeout(next, firstChunkMs);
      res.on('close', () => clearTimeout(timer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.unref();
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    pieces: pieces.length,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
