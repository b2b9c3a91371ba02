import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local OpenAI-compatible embeddings endpoint (POST /v1/embeddings on 127.0.0.1) with
 * deterministic vectors: character bigrams hashed into `dimensions` buckets, after replacing each
 * `synonyms` key by its value — so a test decides which different wordings mean the same. Not a
 * quality model: it makes the vector path observable.
 */
export interface FakeEmbeddings {
  /** http://127.0.0.1:<port>/v1 */
  baseUrl: string;
  requests: Array<{ headers: IncomingHttpHeaders; body: { model?: string; input?: unknown; encoding_format?: string } }>;
  /** Answer every request with this HTTP status and an OpenAI error body instead (null: answer normally). */
  failWith: number | null;
  close(): Promise<void>;
}

export function fakeVector(text: string, synonyms: Record<string, string> = {}, dimensions = 64): number[] {
  let normalised = text;
  for (const [word, meaning] of Object.entries(synonyms)) normalised = normalised.split(word).join(meaning);
  const vector = new Array<number>(dimensions).fill(0);
  const chars = [...normalised.replace(/\s+/g, '')];
  for (let i = 0; i + 1 < chars.length; i++) {
    let hash = 2166136261;
    for (const unit of chars[i]! + chars[i + 1]!) hash = Math.imul(hash ^ unit.codePointAt(0)!, 16777619) >>> 0;
    vector[hash % dimensions]! += 1;
  }
  return vector;
}

export async function startFakeEmbeddings(options: { synonyms?: Record<string, string>; dimensions?: number } = {}): Promise<FakeEmbeddings> {
  const fake: Omit<FakeEmbeddings, 'baseUrl' | 'close'> = { requests: [], failWith: null };
  const server = createServer((request, response) => {
    let raw = '';
    request.on('data', (part: Buffer) => (raw += part.toString('utf8')));
    request.on('end', () => {
      const body = JSON.parse(raw || '{}') as FakeEmbeddings['requests'][number]['body'];
      fake.requests.push({ headers: request.headers, body });
      response.setHeader('content-type', 'application/json');
      if (request.method !== 'POST' || request.url !== '/v1/embeddings' || !Array.isArray(body.input)) {
        response.statusCode = 400;
        return response.end(JSON.stringify({ error: { message: 'expected POST /v1/embeddings with an input array', type: 'invalid_request_error' } }));
      }
      if (fake.failWith !== null) {
        response.statusCode = fake.failWith;
        return response.end(JSON.stringify({ error: { message: 'The server is overloaded', type: 'server_error' } }));
      }
      const data = (body.input as string[]).map((text, index) => ({ object: 'embedding', index, embedding: fakeVector(text, options.synonyms, options.dimensions) }));
      response.end(JSON.stringify({ object: 'list', data, model: body.model, usage: { prompt_tokens: 1, total_tokens: 1 } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
