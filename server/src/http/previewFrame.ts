import type { FastifyInstance } from 'fastify';

/**
 * The code-preview frame of the chat (mf-chat PreviewDrawer), served when PREVIEW_ORIGIN names a
 * separate origin of this server. The chat frames `${PREVIEW_ORIGIN}/preview-frame.html` with
 * scripts, forms and same-origin allowed (spec chat §5) and posts it the page to run: the code gets
 * an origin of its own — storage that works — and still cannot reach the product's origin, its
 * cookies or tokens. Framing is limited to the product's origin when PUBLIC_ORIGIN is set.
 */
const FRAME_PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>preview</title></head><body><script>
window.addEventListener('message', function (event) {
  if (event.source !== window.parent || !event.data || event.data.type !== 'qiming-preview' || typeof event.data.page !== 'string') return;
  document.open();
  document.write(event.data.page);
  document.close();
});
window.parent.postMessage({ type: 'qiming-preview-ready' }, '*');
</script></body></html>`;

export function installPreviewFrame(app: FastifyInstance, { previewOrigin, publicOrigin }: { previewOrigin: string | undefined; publicOrigin: string | undefined }): void {
  if (!previewOrigin) return;
  // Not under the product's security headers (http/securityHeaders.ts): it runs the previewed page.
  app.get('/preview-frame.html', { helmet: false }, async (_request, reply) => {
    reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache');
    if (publicOrigin) reply.header('content-security-policy', `frame-ancestors ${publicOrigin}`);
    return reply.send(FRAME_PAGE);
  });
}
