import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { loadConfig } from '../../config.js';
import { FILE_LIMITS } from './contract.js';

describe('upload configuration', () => {
  it('defaults: DATA_DIR/uploads, the contract size limit, 60 s, OCR on', () => {
    const config = loadConfig({ DATA_DIR: '/srv/qiming' });
    assert.deepEqual(config.uploads, { dir: path.resolve('/srv/qiming/uploads'), maxBytes: FILE_LIMITS.maxBytes, parseSeconds: 60, ocr: true });
  });

  it('reads UPLOAD_DIR, UPLOAD_MAX_BYTES, UPLOAD_PARSE_SECONDS and UPLOAD_OCR', () => {
    const config = loadConfig({ DATA_DIR: '/srv/qiming', UPLOAD_DIR: '/mnt/shared/uploads', UPLOAD_MAX_BYTES: '5242880', UPLOAD_PARSE_SECONDS: '30', UPLOAD_OCR: 'false' });
    assert.deepEqual(config.uploads, { dir: '/mnt/shared/uploads', maxBytes: 5_242_880, parseSeconds: 30, ocr: false });
  });

  it('refuses a limit above what the client allows, and values that are not numbers or flags', () => {
    assert.throws(() => loadConfig({ UPLOAD_MAX_BYTES: String(FILE_LIMITS.maxBytes + 1) }), /UPLOAD_MAX_BYTES: 不能超过 20971520（客户端的上限）/);
    assert.throws(() => loadConfig({ UPLOAD_PARSE_SECONDS: 'soon' }), /^Error: invalid server configuration: UPLOAD_PARSE_SECONDS: /);
    assert.throws(() => loadConfig({ UPLOAD_OCR: 'yes' }), /UPLOAD_OCR/);
  });
});
