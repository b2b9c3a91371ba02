import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import type { BlobStore, StoredObject } from './blobStore.js';
import type { S3StorageConfig } from './config.js';
import { assertContentType, assertSafeKey, assertSafePrefix } from './keys.js';

/** S3's most per ListObjectsV2 page and per DeleteObjects call. */
const S3_PAGE_LIMIT = 1000;

export interface S3BlobStoreOptions {
  /** Keys per list page and per batch delete (tests: a small page shows the paging). At most 1000. */
  pageSize?: number;
}

/** A missing object, not a missing bucket (that is a configuration error and must be seen). */
function isMissingObject(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  if (e.name === 'NoSuchBucket') return false;
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
}

/**
 * The blob store in an S3-compatible bucket (AWS S3, MinIO, Aliyun OSS, …), keys under S3_PREFIX.
 * Objects are written whole with PutObject (no multipart: the store holds images and build files,
 * far below the 5 GB PutObject limit).
 */
export class S3BlobStore implements BlobStore {
  readonly kind = 's3' as const;
  private readonly client: S3Client;
  private readonly pageSize: number;

  constructor(
    private readonly config: S3StorageConfig,
    options: S3BlobStoreOptions = {},
  ) {
    this.pageSize = Math.min(options.pageSize ?? S3_PAGE_LIMIT, S3_PAGE_LIMIT);
    this.client = new S3Client(clientConfigOf(config));
    addContentMd5ToBatchDeletes(this.client);
  }

  async put(key: string, body: Buffer, { contentType }: { contentType: string }): Promise<void> {
    const Key = this.objectKey(key);
    assertContentType(contentType);
    await this.call('PutObject', key, () => this.client.send(new PutObjectCommand({ Bucket: this.config.bucket, Key, Body: body, ContentType: contentType, ContentLength: body.length })));
  }

  async get(key: string): Promise<StoredObject | null> {
    const Key = this.objectKey(key);
    const out = await this.call('GetObject', key, () => this.client.send(new GetObjectCommand({ Bucket: this.config.bucket, Key })), { missing: null });
    if (!out) return null;
    if (!(out.Body instanceof Readable)) throw new Error(`S3 GetObject ${key}: the response has no readable body`);
    return {
      body: out.Body,
      size: out.ContentLength ?? 0,
      contentType: out.ContentType ?? 'application/octet-stream',
      etag: out.ETag ?? '',
      lastModified: out.LastModified ?? new Date(0),
    };
  }

  async read(key: string): Promise<Buffer | null> {
    const object = await this.get(key);
    return object ? buffer(object.body) : null;
  }

  async exists(key: string): Promise<boolean> {
    const Key = this.objectKey(key);
    const found = await this.call('HeadObject', key, () => this.client.send(new HeadObjectCommand({ Bucket: this.config.bucket, Key })).then(() => true), { missing: false });
    return !!found;
  }

  async list(prefix: string): Promise<string[]> {
    assertSafePrefix(prefix);
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.call('ListObjectsV2', prefix, () =>
        this.client.send(new ListObjectsV2Command({ Bucket: this.config.bucket, Prefix: this.config.prefix + prefix, ContinuationToken: token, MaxKeys: this.pageSize })),
      );
      for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key.slice(this.config.prefix.length));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys;
  }

  async delete(key: string): Promise<void> {
    const Key = this.objectKey(key);
    await this.call('DeleteObject', key, () => this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key })));
  }

  async deletePrefix(prefix: string): Promise<void> {
    const keys = await this.list(prefix);
    for (let start = 0; start < keys.length; start += this.pageSize) {
      const batch = keys.slice(start, start + this.pageSize);
      const out = await this.call('DeleteObjects', prefix, () =>
        this.client.send(
          new DeleteObjectsCommand({ Bucket: this.config.bucket, Delete: { Objects: batch.map((key) => ({ Key: this.config.prefix + key })), Quiet: true } }),
        ),
      );
      const failed = out.Errors ?? [];
      if (failed.length) {
        const shown = failed.slice(0, 5).map((e) => `${e.Key ?? '?'} (${e.Code ?? e.Message ?? 'error'})`);
        throw new Error(`S3 DeleteObjects under ${prefix}: ${failed.length} not deleted: ${shown.join(', ')}`);
      }
    }
  }

  /** Closes the client's connections (a stopping server). */
  close(): void {
    this.client.destroy();
  }

  private objectKey(key: string): string {
    assertSafeKey(key);
    return this.config.prefix + key;
  }

  /** Runs one S3 call; errors name the operation, the key and the bucket. `missing`: what a 404 answers. */
  private async call<T, M = never>(operation: string, key: string, send: () => Promise<T>, onMissing?: { missing: M }): Promise<T | M> {
    try {
      return await send();
    } catch (error) {
      if (onMissing && isMissingObject(error)) return onMissing.missing;
      const e = error as Error & { Code?: string };
      throw new Error(`S3 ${operation} ${key} in bucket ${this.config.bucket} failed: ${e.name}${e.message ? `: ${e.message}` : ''}`, { cause: error });
    }
  }
}

function clientConfigOf(config: S3StorageConfig): S3ClientConfig {
  return {
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // The SDK's default checksums (CRC32 on every upload, checked on every download) are AWS's
    // own; S3-compatible services (MinIO releases, OSS, s3rver) refuse or mangle them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
}

/**
 * DeleteObjects requires a body checksum; the SDK now sends only a CRC32 one, and several
 * S3-compatible services (Aliyun OSS, older MinIO, Ceph) answer MissingContentMD5 without the
 * Content-MD5 header the SDK used to send. It is added here; AWS accepts both.
 */
function addContentMd5ToBatchDeletes(client: S3Client): void {
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const request = args.request as { headers?: Record<string, string>; body?: unknown };
      if (context.commandName === 'DeleteObjectsCommand' && request.headers && (typeof request.body === 'string' || request.body instanceof Uint8Array)) {
        request.headers['content-md5'] = createHash('md5').update(request.body).digest('base64');
      }
      return next(args);
    },
    { step: 'build', name: 'qimingContentMd5ForDeleteObjects' },
  );
}
