import path from 'node:path';
import { expect, test, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { newSignedInUser } from '../support/account';
import { answers, ask } from '../support/chatPage';
import { SEEN_ANNOUNCEMENTS_STATE } from '../support/seenAnnouncements';

const ICON = path.join(__dirname, '..', 'fixtures', 'uploads', 'digits.png');

/** A visitor in a browser of their own (a second user is a second browser), a returning one as the suite's default. */
async function visitorPage(browser: Browser, options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({ storageState: SEEN_ANNOUNCEMENTS_STATE, baseURL: process.env.E2E_BASE_URL, viewport: { width: 1440, height: 900 }, ...options });
  return context.newPage();
}

/** A new account in its own browser. */
async function newUserPage(browser: Browser): Promise<Page> {
  const page = await visitorPage(browser);
  await newSignedInUser(page);
  return page;
}

/** An image shown and really loaded (not the name's first letter standing in for a broken one). */
async function expectLoadedImage(page: Page, selector: string) {
  const image = page.locator(selector).first();
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
}

test.describe('agents', () => {
  test('create a public agent with an icon; a second account finds it on the square, favourites it, chats through /chatPage/g-…, picks it with @; the share link opens it signed out', async ({ browser }) => {
    test.setTimeout(180_000);
    const name = `周报助手${Date.now() % 100000}`;

    // Alice creates it on 我的智能体.
    const alice = await newUserPage(browser);
    await alice.goto('/toolBox/coll2');
    await alice.getByRole('button', { name: '创建智能体' }).first().click();
    const editor = alice.getByTestId('agent-editor');
    await expect(editor).toBeVisible();
    await editor.getByPlaceholder('给智能体起个名字').fill(name);
    await editor.getByPlaceholder('一两句话介绍它能做什么，会显示在卡片上').fill('把零散的工作记录整理成一份条理清楚的周报。');
    await editor.getByPlaceholder('描述它的身份、任务、回答风格和需要遵守的规则').fill('你是一位周报写作助手，把用户给的工作记录整理成结构清楚的周报。');
    await editor.getByPlaceholder('开场问题 1').fill('帮我把这周的工作整理成周报');
    const upload = alice.waitForResponse((r) => r.url().includes('/uploadChatKnowledge2'));
    await editor.locator('input[type="file"]').first().setInputFiles(ICON);
    expect((await upload).status()).toBe(200);
    await editor.getByRole('switch').click();
    await alice.getByRole('button', { name: '保存', exact: true }).click();
    await expect(alice.getByTestId('toast').filter({ hasText: '智能体已创建' })).toBeVisible();
    await expect(alice.getByTestId('agent-card').filter({ hasText: name })).toBeVisible();

    // Bob finds it on the square, with Alice's uploaded icon loaded for him too.
    const bob = await newUserPage(browser);
    await bob.goto('/toolBox/apps2');
    await bob.getByPlaceholder('搜索智能体名称或简介').fill(name);
    const card = bob.getByTestId('agent-card').filter({ hasText: name });
    await expect(card).toHaveCount(1);
    await expectLoadedImage(bob, `[data-testid="agent-card"]:has-text("${name}") img[src*="/app-api/public/agent-images/"]`);
    await card.click();
    const detail = bob.getByTestId('agent-detail');
    await expect(detail).toContainText('帮我把这周的工作整理成周报');
    await detail.getByRole('button', { name: '收藏' }).click();
    await expect(detail.getByRole('button', { name: '已收藏' })).toBeVisible();
    await detail.getByRole('button', { name: '开始对话' }).click();

    // The agent's welcome on /chatPage/g-<code>; a starter question answered in the agent's voice.
    await expect(bob).toHaveURL(/\/chatPage\/g-gpt-4-gizmo-g-user-c-/);
    const code = decodeURIComponent(new URL(bob.url()).pathname.split('/g-')[1]!);
    const welcome = bob.getByTestId('agent-welcome');
    await expect(welcome).toContainText(name);
    await welcome.getByRole('button', { name: '帮我把这周的工作整理成周报' }).click();
    await expect(answers(bob)).toHaveCount(1, { timeout: 30_000 });
    await expect(answers(bob).first()).toContainText(`我是「${name}」`, { timeout: 30_000 });

    // Bob's favourites on 我的智能体 hold it.
    await bob.goto('/toolBox/coll2');
    await bob.getByRole('tab', { name: '我的收藏' }).click();
    await expect(bob.getByTestId('agent-card').filter({ hasText: name })).toBeVisible();

    // @ in a fresh chat picks it (keyboard), and the banner shows it; the message goes as the agent.
    await bob.goto('/chatPage?model=glm-4-flash');
    const input = bob.getByTestId('composer-input');
    await input.fill(`@${name.slice(0, 4)}`);
    const picker = bob.getByTestId('agent-picker');
    await expect(picker).toContainText(name);
    await input.press('ArrowDown');
    await input.press('ArrowUp');
    await input.press('Enter');
    await expect(bob.getByTestId('agent-banner')).toContainText(name);
    await expect(input).toHaveValue('');
    const sent = bob.waitForRequest((r) => r.url().includes('/getStream'));
    await ask(bob, '你好');
    expect(JSON.parse((await sent).postData()!)).toMatchObject({ model: code, intelligentCode: code });

    // The share link (?model=<agent code>) opens the agent for someone signed out.
    const stranger = await visitorPage(browser);
    await stranger.goto(`/chatPage?model=${encodeURIComponent(code)}`);
    await expect(stranger.getByTestId('agent-welcome')).toContainText(name);

    // Another account cannot see it once Alice makes it private.
    await alice.getByTestId('agent-card').filter({ hasText: name }).getByRole('button', { name: '编辑' }).click();
    await alice.getByTestId('agent-editor').getByRole('switch').click();
    await alice.getByRole('button', { name: '保存', exact: true }).click();
    await expect(alice.getByTestId('toast').filter({ hasText: '智能体已保存' })).toBeVisible();
    await stranger.goto(`/chatPage/g-${encodeURIComponent(code)}`);
    await expect(stranger.getByTestId('agent-missing')).toContainText('该智能体不存在或已被删除');
  });

  test('on a phone the square is one column and the detail dialog fits the screen', async ({ browser }) => {
    const phone = await visitorPage(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await phone.goto('/toolBox/apps2');
    const cards = phone.getByTestId('agent-card');
    await expect(cards.first()).toBeVisible();
    const [first, second] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
    expect(second!.y).toBeGreaterThan(first!.y + first!.height - 1);
    expect(first!.x + first!.width).toBeLessThanOrEqual(390);
    await cards.first().click();
    const dialog = await phone.getByTestId('agent-detail').boundingBox();
    expect(dialog!.x).toBeGreaterThanOrEqual(0);
    expect(dialog!.x + dialog!.width).toBeLessThanOrEqual(390);
    await expect(phone.getByTestId('agent-detail').getByRole('button', { name: '开始对话' })).toBeInViewport();
  });
});
