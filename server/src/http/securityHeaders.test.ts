import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createTestApp } from '../testing/testApp.js';

const directive = (policy: string, name: string) => policy.split(';').map((d) => d.trim()).find((d) => d.startsWith(`${name} `)) ?? '';

describe('security headers (http/securityHeaders.ts)', () => {
  it('every HTML and API answer carries the CSP, nosniff, a referrer policy and framing by this origin only', async () => {
    const t = await createTestApp({ CSP_MODE: 'enforce', PREVIEW_ORIGIN: 'https://preview.example.com' });
    try {
      for (const url of ['/', '/chat', '/app-api/platform/registry', '/app-api/no-such-thing']) {
        const answer = await t.app.server.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
        const policy = answer.headers['content-security-policy'] as string;
        assert.ok(policy, `${url}: a CSP`);
        assert.equal(answer.headers['content-security-policy-report-only'], undefined);
        assert.match(directive(policy, 'script-src'), /'self'/);
        assert.doesNotMatch(directive(policy, 'script-src'), /unsafe-inline|unsafe-eval/);
        assert.match(directive(policy, 'frame-src'), /https:\/\/preview\.example\.com/);
        assert.equal(directive(policy, 'frame-ancestors'), "frame-ancestors 'self'");
        assert.equal(directive(policy, 'object-src'), "object-src 'none'");
        assert.equal(answer.headers['x-frame-options'], 'SAMEORIGIN');
        assert.equal(answer.headers['x-content-type-options'], 'nosniff');
        assert.equal(answer.headers['referrer-policy'], 'strict-origin-when-cross-origin');
        assert.equal(answer.headers['strict-transport-security'], undefined, `${url}: no HSTS over plain HTTP`);
      }
      // the preview frame is made to be framed and to run the previewed page
      const frame = await t.app.server.inject({ method: 'GET', url: '/preview-frame.html' });
      assert.equal(frame.headers['x-frame-options'], undefined);
      assert.doesNotMatch(String(frame.headers['content-security-policy'] ?? ''), /script-src/);
    } finally {
      await t.close();
    }
  });

  it('is report-only in development, enforced in production, and HSTS comes only over HTTPS', async () => {
    const dev = await createTestApp();
    try {
      const answer = await dev.app.server.inject({ method: 'GET', url: '/' });
      assert.equal(answer.headers['content-security-policy'], undefined);
      assert.match(answer.headers['content-security-policy-report-only'] as string, /script-src 'self'/);
    } finally {
      await dev.close();
    }
    const production = await createTestApp({ NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://ai.example.com', TRUST_PROXY: '1' });
    try {
      const plain = await production.app.server.inject({ method: 'GET', url: '/' });
      assert.match(plain.headers['content-security-policy'] as string, /default-src 'self'/);
      assert.equal(plain.headers['strict-transport-security'], undefined);
      const https = await production.app.server.inject({ method: 'GET', url: '/app-api/platform/registry', headers: { 'x-forwarded-proto': 'https' } });
      assert.match(https.headers['strict-transport-security'] as string, /^max-age=31536000/);
    } finally {
      await production.close();
    }
  });

  it('lets remotes published from another origin load', async () => {
    const t = await createTestApp({ CSP_MODE: 'enforce' });
    try {
      (t.app.platform as unknown as { remoteOrigins: () => Promise<string[]> }).remoteOrigins = async () => ['https://cdn.example.com'];
      const answer = await t.app.server.inject({ method: 'GET', url: '/' });
      assert.match(directive(answer.headers['content-security-policy'] as string, 'script-src'), /https:\/\/cdn\.example\.com/);
    } finally {
      await t.close();
    }
  });
});
