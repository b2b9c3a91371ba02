import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3StorageConfig } from '../storage/config.js';

export interface FakeS3 {
  /** The S3_* variables of a server that stores in the bucket. */
  env: Record<string, string>;
  config: S3StorageConfig;
  close(): Promise<void>;
}

/** s3rver's fixed credentials. */
const CREDENTIAL = 'S3RVER';

/** An in-process S3 (s3rver) on 127.0.0.1 and a free port, with one bucket, in a temporary folder removed by close. */
export async function startFakeS3(bucket = 'qm-test'): Promise<FakeS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'qm-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    env: { S3_ENDPOINT: endpoint, S3_REGION: 'us-east-1', S3_BUCKET: bucket, S3_ACCESS_KEY_ID: CREDENTIAL, S3_SECRET_ACCESS_KEY: CREDENTIAL, S3_FORCE_PATH_STYLE: 'true' },
    config: { endpoint, region: 'us-east-1', bucket, accessKeyId: CREDENTIAL, secretAccessKey: CREDENTIAL, forcePathStyle: true, prefix: '' },
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
