import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createTestApp } from '../testing/testApp.js';

describe('the code-preview frame (PREVIEW_ORIGIN)', () => {
  it('is served, framable only by the product origin, and the registry names the preview origin', async () => {
    const t = await createTestApp({ PREVIEW_ORIGIN: 'https://preview.example.com/ignored/path', PUBLIC_ORIGIN: 'https://ai.example.com' });
    try {
      const frame = await t.app.server.inject({ method: 'GET', url: '/preview-frame.html' });
      assert.equal(frame.statusCode, 200);
      assert.match(frame.headers['content-type'] as string, /^text\/html/);
      assert.equal(frame.headers['content-security-policy'], 'frame-ancestors https://ai.example.com');
      assert.match(frame.body, /event\.source !== window\.parent/);
      assert.equal(t.config.site.previewOrigin, 'https://preview.example.com');
    } finally {
      await t.close();
    }
  });

  it('does not exist without PREVIEW_ORIGIN (the previews then run in an opaque origin)', async () => {
    const t = await createTestApp();
    try {
      const frame = await t.app.server.inject({ method: 'GET', url: '/preview-frame.html', headers: { accept: 'text/html' } });
      assert.doesNotMatch(frame.body, /qiming-preview/);
      assert.equal(t.config.site.previewOrigin, undefined);
    } finally {
      await t.close();
    }
  });
});
