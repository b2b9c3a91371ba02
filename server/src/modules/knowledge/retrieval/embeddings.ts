/**
 * An OpenAI-compatible embeddings endpoint (POST {base}/embeddings, the format OpenAI documents and
 * most providers copy: `{ model, input: string[], encoding_format: "float" }` answered by
 * `{ data: [{ index, embedding: number[] }] }`). Vectors come back unit length, so a dot product
 * is their cosine.
 */
export interface Embedder {
  /** Names the vectors it makes: passages embedded by another model are not compared with its queries. */
  readonly model: string;
  embed(texts: readonly string[], signal?: AbortSignal): Promise<Float32Array[]>;
}

export interface EmbeddingEndpoint {
  baseUrl: string;
  model: string;
  apiKey: string | null;
  /** Texts per request. */
  batchSize: number;
  timeoutMs: number;
}

/** The endpoint answered with an error or something that is not an embeddings list (the message says which). */
export class EmbeddingError extends Error {}

interface EmbeddingsResponse {
  data?: Array<{ index?: number; embedding?: unknown }>;
  error?: { message?: string };
}

export class OpenAiEmbeddings implements Embedder {
  readonly model: string;

  constructor(private readonly endpoint: EmbeddingEndpoint) {
    this.model = endpoint.model;
  }

  async embed(texts: readonly string[], signal?: AbortSignal): Promise<Float32Array[]> {
    const vectors: Float32Array[] = [];
    for (let i = 0; i < texts.length; i += this.endpoint.batchSize) vectors.push(...(await this.batch(texts.slice(i, i + this.endpoint.batchSize), signal)));
    return vectors;
  }

  private async batch(input: readonly string[], signal?: AbortSignal): Promise<Float32Array[]> {
    const timeout = AbortSignal.timeout(this.endpoint.timeoutMs);
    const response = await fetch(`${this.endpoint.baseUrl.replace(/\/+$/, '')}/embeddings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(this.endpoint.apiKey ? { authorization: `Bearer ${this.endpoint.apiKey}` } : {}) },
      body: JSON.stringify({ model: this.endpoint.model, input, encoding_format: 'float' }),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    }).catch((error: Error) => {
      throw new EmbeddingError(timeout.aborted ? `向量服务超时（${Math.round(this.endpoint.timeoutMs / 1000)} 秒）` : `无法连接向量服务：${error.message}`);
    });
    const body = (await response.json().catch(() => ({}))) as EmbeddingsResponse;
    if (!response.ok) throw new EmbeddingError(`向量服务返回错误 ${response.status}${body.error?.message ? `：${body.error.message}` : ''}`);
    const data = body.data ?? [];
    const vectors = new Array<Float32Array | undefined>(input.length);
    for (const [position, item] of data.entries()) {
      const index = item.index ?? position;
      if (!Array.isArray(item.embedding) || index < 0 || index >= input.length) throw new EmbeddingError('向量服务的回答格式不正确');
      vectors[index] = unitLength(Float32Array.from(item.embedding as number[]));
    }
    if (vectors.some((vector) => vector === undefined)) throw new EmbeddingError('向量服务少返回了向量');
    return vectors as Float32Array[];
  }
}

/** The vector scaled to length 1 (a zero vector stays zero). */
export function unitLength(vector: Float32Array): Float32Array {
  let sum = 0;
  for (const value of vector) sum += value * value;
  const norm = Math.sqrt(sum);
  if (norm > 0) for (let i = 0; i < vector.length; i++) vector[i]! /= norm;
  return vector;
}
