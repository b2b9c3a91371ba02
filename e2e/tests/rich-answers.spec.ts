import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { PNG } from 'pngjs';
import { answers, ask, signedInChat } from '../support/chatPage';
import { ECHO_MODEL } from '../support/echoUpstream';
import { cropRows, recognise } from '../support/ocr';
import { SEEN_ANNOUNCEMENTS_STATE } from '../support/seenAnnouncements';

/** Each payload would set window.__xss (or open a dialog) if anything in it ran. */
const XSS_CORPUS = [
  '<script>window.__xss = "script"</script>',
  '<img src=x onerror="window.__xss = \'img\'">',
  '<svg onload="window.__xss = \'svg\'"><circle r="4" /></svg>',
  '<svg><script>window.__xss = "svg-script"</script></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__xss = \'mathml\'">',
  '<details open ontoggle="window.__xss = \'details\'"><summary>s</summary></details>',
  '<input autofocus onfocus="window.__xss = \'input\'">',
  '<iframe src="javascript:parent.__xss = \'iframe\'"></iframe>',
  '<object data="javascript:window.__xss = \'object\'"></object>',
  '<form action="javascript:window.__xss = \'form\'"><button>提交</button></form>',
  '<a href="  jAvAsCrIpT:window.__xss = \'link\'">链接</a> [markdown 链接](javascript:window.__xss=\'md\')',
  '<a href="data:text/html,<script>alert(1)</script>">数据链接</a>',
  '<style>body { display: none }</style>',
  '<div style="position:fixed;inset:0;z-index:9999;background:red">盖住整页</div>',
  '公式注入 $\\href{javascript:window.__xss=\'katex\'}{点我}$ 和 $\\htmlData{x=y}{z}$ 以及 $\\url{javascript:alert(1)}$',
  '```mermaid\n%%{init: {"securityLevel": "loose", "themeCSS": "body { display: none }"}}%%\ngraph TD\n  A["<img src=x onerror=window.__xss=\'mermaid\'>开始"] --> B[结束]\n  click A call alert("mermaid-click")\n  click B href "javascript:window.__xss=\'mermaid-href\'"\n```',
];

const PAYLOAD_ANSWER = XSS_CORPUS.join('\n\n');

async function expectNothingRan(page: Page, dialogs: string[]) {
  await page.waitForTimeout(1500);
  expect(dialogs).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
  const found = await page.evaluate(() => {
    const bad: string[] = [];
    for (const root of document.querySelectorAll('[data-testid="markdown"]')) {
      for (const element of root.querySelectorAll('*')) {
        if (['SCRIPT', 'IFRAME', 'OBJECT', 'EMBED', 'FORM', 'STYLE', 'INPUT'].includes(element.tagName) && !element.closest('svg')) bad.push(element.tagName);
        for (const attribute of element.getAttributeNames()) {
          const value = element.getAttribute(attribute) ?? '';
          if (attribute.startsWith('on')) bad.push(`${element.tagName}[${attribute}]`);
          if (/^\s*(javascript|data:text)/i.test(value) && /href|src|action|data/.test(attribute)) bad.push(`${element.tagName}[${attribute}=${value}]`);
          if (attribute === 'style' && /position|z-index|inset/.test(value)) bad.push(`${element.tagName}[style=${value}]`);
        }
      }
    }
    return bad;
  });
  expect(found).toEqual([]);
  await expect(page.locator('body')).toBeVisible();
}

/** Clicks 复制分享链接 in the open export dialog; the link, once the snapshot is published and copied. */
async function copyShareLink(page: Page): Promise<string> {
  await page.getByRole('button', { name: '复制分享链接' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: '分享链接已复制' })).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/\/friendsLinkPage\/[\w-]+$/);
  return link;
}

/** A signed-out visitor (who has already closed the site's announcement). */
async function visitorPage(browser: Browser): Promise<{ visitor: BrowserContext; shared: Page }> {
  const visitor = await browser.newContext({ storageState: SEEN_ANNOUNCEMENTS_STATE });
  return { visitor, shared: await visitor.newPage() };
}

test.describe('rich answers', () => {
  test('a corpus of XSS payloads in an answer, in a markup question, in the export preview and on the share page never runs', async ({ page, context, browser }) => {
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signedInChat(page, `/chatPage?model=${ECHO_MODEL}`);
    await ask(page, `[开始] ECHO:${PAYLOAD_ANSWER}`);
    await expect(answers(page)).toHaveCount(1, { timeout: 20_000 });
    const answer = answers(page).first();
    await expect(answer).toContainText('盖住整页');
    // the mermaid diagram is drawn (sanitized) or left as source, never run
    await expect(answer.locator('[data-mermaid]')).toHaveCount(1);
    await expectNothingRan(page, dialogs);

    await answer.getByTestId('export-open').click();
    await expect(page.getByTestId('export-document')).toContainText('盖住整页');
    await expectNothingRan(page, dialogs);
    const link = await copyShareLink(page);
    const { visitor, shared } = await visitorPage(browser);
    const visitorDialogs: string[] = [];
    shared.on('dialog', (dialog) => {
      visitorDialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await shared.goto(link);
    await expect(shared.getByTestId('share-page')).toContainText('盖住整页');
    await expectNothingRan(shared, visitorDialogs);
    await visitor.close();
  });

  test('math, highlighted code with copy, a flowchart with preview and downloads, and a live html preview', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signedInChat(page, '/chatPage?model=glm-4-flash');
    await ask(page, '画一个用户注册的流程图：注册、登录、下单');
    await expect(answers(page)).toHaveCount(1, { timeout: 20_000 });
    const flow = answers(page).first();
    await expect(flow.locator('[data-mermaid-svg] svg')).toBeVisible();
    await expect(flow.locator('[data-mermaid-svg] svg')).toContainText('登录');
    await flow.locator('[data-code-action="diagram"]').click();
    const drawer = page.getByTestId('preview-drawer');
    await expect(drawer.locator('svg').first()).toBeVisible();
    for (const [button, name] of [['下载 SVG', 'flowchart.svg'], ['下载 PNG', 'flowchart.png']] as const) {
      const download = page.waitForEvent('download');
      await drawer.getByRole('button', { name: button }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe(name);
      const bytes = Buffer.concat(await (await file.createReadStream()).toArray());
      if (name.endsWith('.svg')) expect(bytes.toString('utf8')).toContain('<svg');
      else expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    }
    await expect(page.getByText('下载成功').first()).toBeVisible();
    await drawer.getByRole('button', { name: '关闭预览' }).last().click();
    await expect(drawer).toHaveCount(0);
    // the export preview reuses the drawn diagram (the rendered-block cache keeps its SVG whole)
    await flow.getByTestId('export-open').click();
    const exportPreview = page.getByRole('dialog', { name: '导出内容预览' });
    await expect(exportPreview.locator('[data-mermaid-svg] svg')).toContainText('登录');
    await exportPreview.getByRole('button', { name: /^(Close|关闭)$/ }).click();

    await ask(page, '二次方程求根公式是什么');
    await expect(answers(page)).toHaveCount(2, { timeout: 20_000 });
    await expect(answers(page).nth(1).locator('.katex').first()).toBeVisible();

    await ask(page, '用 python 写一个快速排序');
    await expect(answers(page)).toHaveCount(3, { timeout: 20_000 });
    const code = answers(page).nth(2).locator('[data-code-block="python"]');
    await expect(code.locator('code.hljs span').first()).toBeVisible();
    await code.getByRole('button', { name: '复制代码' }).click();
    await expect(page.getByText('代码复制成功！')).toBeVisible();
    await expect(code.getByRole('button', { name: '已复制' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('def ');
    await expect(code.getByRole('button', { name: '复制代码' })).toBeVisible({ timeout: 3000 });

    await page.goto(`/chatPage?model=${ECHO_MODEL}`);
    await ask(page, 'ECHO:页面如下：\n\n```html\n<button id="go">开始</button><p id="out">未运行</p>\n```\n\n```css\n#out { color: rgb(0, 128, 0); }\n```\n\n```javascript\ndocument.getElementById("out").textContent = "已运行";\ntry { parent.document.title; console.log("能访问父页面"); } catch (e) { console.log("父页面不可访问"); }\nconsole.log("运行于 " + location.origin);\n```');
    await expect(answers(page)).toHaveCount(1, { timeout: 20_000 });
    await answers(page).first().locator('[data-code-block="html"] [data-code-action="preview"]').click();
    const frame = page.frameLocator('[data-testid="preview-frame"]');
    await expect(frame.locator('#out')).toHaveText('已运行');
    await expect(frame.locator('#out')).toHaveCSS('color', 'rgb(0, 128, 0)');
    await expect(frame.locator('body')).toContainText('父页面不可访问');
    // it runs on the separate preview origin (PREVIEW_ORIGIN), not in an opaque one ("null")
    await expect(frame.locator('body')).toContainText(/运行于 http:\/\/localhost:\d+/);
    expect(await page.getByTestId('preview-frame').getAttribute('src')).toMatch(/^http:\/\/localhost:\d+\/preview-frame\.html$/);
    const download = page.waitForEvent('download');
    await page.getByTestId('preview-drawer').getByRole('button', { name: '下载' }).click();
    expect((await download).suggestedFilename()).toBe('iframe-content.html');
  });

  test('a message holding a whole HTML document is shown as code, never as a page', async ({ page }) => {
    await signedInChat(page, `/chatPage?model=${ECHO_MODEL}`);
    await ask(page, 'ECHO:<!DOCTYPE html><html><head><title>页面</title></head><body><h1 id="doc-title">整页标题</h1></body></html>');
    await expect(answers(page)).toHaveCount(1, { timeout: 20_000 });
    const answer = answers(page).first();
    await expect(answer.locator('code[data-lang="html"]')).toContainText('<h1 id="doc-title">整页标题</h1>');
    await expect(answer.locator('#doc-title')).toHaveCount(0);
    await expect(answer.getByRole('button', { name: '复制代码' })).toBeVisible();
  });
});

/** Long Chinese paragraphs (the export must draw real glyphs, not empty boxes). */
const PARAGRAPH = '长城是中国古代的军事防御工程，绵延数千公里，凝聚了无数劳动者的智慧与汗水。';

test.describe('export and share', () => {
  test('a long conversation exports to a PNG with real Chinese glyphs and a multi-page A4 PDF; the share link works signed out and 404s after revoke', async ({ page, context, browser }) => {
    test.setTimeout(150_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signedInChat(page, `/chatPage?model=${ECHO_MODEL}`);
    for (let round = 1; round <= 3; round++) {
      await ask(page, `ECHO:## 第${round}部分\n\n${Array.from({ length: 12 }, (_, i) => `${i + 1}. ${PARAGRAPH}`).join('\n')}`);
      await expect(answers(page)).toHaveCount(round, { timeout: 20_000 });
    }
    const openExport = async () => {
      await answers(page).last().getByTestId('export-open').click();
      await expect(page.getByRole('dialog', { name: '导出内容预览' })).toBeVisible();
      await expect(page.getByTestId('export-document')).toContainText('对话记录');
    };

    await openExport();
    const document = page.getByTestId('export-document');
    await expect(document).toContainText('您');
    await expect(document).toContainText('本对话记录由 AI 生成');
    let download = page.waitForEvent('download');
    await page.getByRole('button', { name: '下载图片' }).click();
    await expect(page.getByRole('dialog', { name: '导出内容预览' })).toHaveCount(0);
    await expect(page.getByText('正在下载，请稍微等待...')).toBeVisible();
    const image = await download;
    expect(image.suggestedFilename()).toMatch(/^image_\d+\.png$/);
    const png = Buffer.concat(await (await image.createReadStream()).toArray());
    const { width, height } = PNG.sync.read(png);
    expect(width).toBe(1680);
    expect(height).toBeGreaterThan(2000);
    // the header and the first paragraph, read back from the pixels
    const text = await recognise(cropRows(png, 0, 700));
    expect(text).toContain('对话记录');
    expect(text).toContain('长城是中国古代的军事防御工程');

    await openExport();
    download = page.waitForEvent('download');
    await page.getByRole('button', { name: '下载pdf' }).click();
    const pdf = await download;
    expect(pdf.suggestedFilename()).toBe('启明 AI.pdf');
    const pdfBytes = Buffer.concat(await (await pdf.createReadStream()).toArray()).toString('latin1');
    expect(pdfBytes.startsWith('%PDF-')).toBe(true);
    expect(pdfBytes.match(/\/Type\s*\/Page[^s]/g)!.length).toBeGreaterThanOrEqual(2);
    // A4 portrait in points
    expect(pdfBytes).toMatch(/\/MediaBox \[0 0 595\.2[0-9]* 841\.8[0-9]*\]/);
    expect(pdfBytes).toContain('/DCTDecode');

    await openExport();
    await page.getByRole('button', { name: '复制图片' }).click();
    // shown only once the browser's clipboard accepted the PNG (reading a large image back hangs headless Chromium)
    await expect(page.getByTestId('toast').filter({ hasText: '复制成功' })).toBeVisible({ timeout: 30_000 });

    await openExport();
    const link = await copyShareLink(page);
    const { visitor, shared } = await visitorPage(browser);
    await shared.goto(link);
    const sharePage = shared.getByTestId('share-page');
    await expect(sharePage.getByTestId('share-answer')).toHaveCount(3);
    await expect(sharePage).toContainText('第3部分');
    const api = await shared.request.get(link.replace('/friendsLinkPage/', '/app-api/public/share/'));
    const body = JSON.stringify(await api.json());
    expect(body).not.toMatch(/userId|username|email|convId|parentConvId|points|integral/);
    await sharePage.getByRole('button', { name: '试试这个模型' }).click();
    await expect(shared).toHaveURL(new RegExp(`/chatPage\\?model=${ECHO_MODEL}`));

    await openExport();
    await expect(page.getByText(/已于 .* 公开分享/)).toBeVisible();
    await page.getByRole('button', { name: '取消分享' }).click();
    await expect(page.getByText('已取消分享，链接已失效')).toBeVisible();
    await shared.goto(link);
    await expect(shared.getByTestId('share-missing')).toContainText('分享不存在或已被取消');
    expect((await shared.request.get(link.replace('/friendsLinkPage/', '/app-api/public/share/'))).status()).toBe(404);
    await visitor.close();
  });
});
