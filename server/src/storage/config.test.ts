import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { loadConfig } from '../config.js';

const S3 = { S3_BUCKET: 'qm-images', S3_REGION: 'cn-hangzhou', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' };

describe('configuration: blob storage', () => {
  it('keeps blobs in DATA_DIR/blobs by default, in BLOB_DIR when set', () => {
    assert.deepEqual(loadConfig({ DATA_DIR: '/srv/qm' }).storage, { kind: 'local', dir: path.resolve('/srv/qm/blobs') });
    assert.deepEqual(loadConfig({ DATA_DIR: '/srv/qm', BLOB_DIR: '/mnt/shared/blobs' }).storage, { kind: 'local', dir: path.resolve('/mnt/shared/blobs') });
  });

  it('uses the bucket when S3_BUCKET is set, with the rest of the group', () => {
    assert.deepEqual(loadConfig({ ...S3, S3_ENDPOINT: 'https://oss-cn-hangzhou.aliyuncs.com', S3_PREFIX: 'prod', S3_FORCE_PATH_STYLE: 'false' }).storage, {
      kind: 's3',
      endpoint: 'https://oss-cn-hangzhou.aliyuncs.com',
      region: 'cn-hangzhou',
      bucket: 'qm-images',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: false,
      prefix: 'prod/',
    });
    const minio = loadConfig({ ...S3, S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: 'true', S3_PREFIX: '' }).storage;
    assert.equal(minio.kind === 's3' && minio.forcePathStyle, true);
    assert.equal(minio.kind === 's3' && minio.prefix, '');
  });

  it('refuses at startup a bucket without the variables it needs, naming them', () => {
    assert.throws(() => loadConfig({ S3_BUCKET: 'qm-images' }), /设置了 S3_BUCKET 还需要 S3_REGION、S3_ACCESS_KEY_ID、S3_SECRET_ACCESS_KEY/);
    assert.throws(() => loadConfig({ ...S3, S3_SECRET_ACCESS_KEY: '' }), /还需要 S3_SECRET_ACCESS_KEY/);
  });

  it('refuses S3 variables without S3_BUCKET rather than storing on local disk unnoticed', () => {
    assert.throws(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000', S3_ACCESS_KEY_ID: 'id' }), /设置了 S3_ENDPOINT、S3_ACCESS_KEY_ID 却没有 S3_BUCKET/);
  });

  it('refuses a bad endpoint, bucket name or prefix', () => {
    assert.throws(() => loadConfig({ ...S3, S3_ENDPOINT: 'ftp://files' }), /S3_ENDPOINT: 必须是 http:\/\/ 或 https:\/\/ 开头的地址/);
    assert.throws(() => loadConfig({ ...S3, S3_BUCKET: 'Bad_Bucket' }), /S3_BUCKET: 不是合法的桶名/);
    assert.throws(() => loadConfig({ ...S3, S3_PREFIX: '../up' }), /S3_PREFIX: unsafe blob prefix/);
    assert.throws(() => loadConfig({ ...S3, S3_FORCE_PATH_STYLE: 'yes' }), /S3_FORCE_PATH_STYLE/);
  });
});
