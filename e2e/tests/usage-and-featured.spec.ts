import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { newSignedInUser } from '../support/account';
import { apiData } from '../support/api';
import { answers, ask } from '../support/chatPage';
import { featuredCli } from '../support/registry';
import { SEEN_ANNOUNCEMENTS_STATE } from '../support/seenAnnouncements';

/** What this spec reads of the points history and the share call (contracts points.ts, share.ts). */
interface LedgerPage<T> {
  list: T[];
}
interface LedgerEntryView {
  kind: string;
  delta: number;
  reference: string | null;
}
interface ShareState {
  path: string;
}

test.describe('usage records (/trace) and featured conversations (/valueChatPage)', () => {
  test('a chat shows on /trace with its model and points and in the CSV; a featured share is continued into the history', async ({ page, browser }) => {
    test.setTimeout(180_000);
    await newSignedInUser(page);
    const question = `用一句话介绍长城 ${Date.now() % 100000}`;

    // One message to a priced model (the offline channel answers).
    await page.goto('/chatPage?model=gpt-4o-mini');
    await expect(page.getByTestId('chat-page')).toBeVisible();
    await ask(page, question);
    await expect(answers(page).last()).toBeVisible({ timeout: 60_000 });
    await expect(page).toHaveURL(/conv=/, { timeout: 30_000 });
    const convGroupId = new URL(page.url()).searchParams.get('conv')!;

    // The ledger's charge of that answer (what /trace must show).
    await expect
      .poll(async () => (await apiData<LedgerPage<LedgerEntryView>>(page, 'POST', 'system/user/integralHistoryPage', { pageNo: 1, pageSize: 50 })).list.filter((e) => e.kind === 'chat').length, { timeout: 30_000 })
      .toBeGreaterThan(0);
    const history = await apiData<LedgerPage<LedgerEntryView>>(page, 'POST', 'system/user/integralHistoryPage', { pageNo: 1, pageSize: 50 });
    const charged = history.list.filter((e) => e.kind === 'chat' && e.reference === 'gpt-4o-mini').reduce((sum, e) => sum - e.delta, 0);
    expect(charged).toBeGreaterThan(0);

    await page.goto('/trace');
    await expect(page.getByTestId('area-page').getByRole('heading', { name: '使用记录' })).toBeVisible();
    await expect(page.getByTestId('breadcrumb')).toContainText('使用记录');
    const row = page.getByTestId('usage-table').locator('tbody tr').filter({ hasText: 'gpt-4o-mini' });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('对话');
    await expect(row).toContainText('已扣费');
    await expect(row.getByTestId('usage-points')).toHaveText(new RegExp(`^-${charged}(（|$)`));
    await expect(page.getByTestId('usage-chart-total')).toHaveText(`合计 ${charged} 积分`);
    await page.screenshot({ path: 'test-results/screenshots/usage-trace.png', fullPage: true });

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('usage-export').click()]);
    expect(download.suggestedFilename()).toMatch(/^使用记录_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const line = csv.split('\r\n').find((l) => l.includes('gpt-4o-mini'));
    expect(line).toBeTruthy();
    expect(line!.split(',').slice(4, 6)).toContain(String(charged));

    // Filtering on another kind leaves it out.
    await page.getByTestId('usage-kind').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '绘画' }).click();
    await expect(page.getByTestId('usage-table')).toContainText('这段时间没有使用记录');

    // Ops feature the shared conversation.
    const state = await apiData<ShareState>(page, 'POST', 'backend-api/shareConversation', { convGroupId });
    const title = `长城精选 ${Date.now() % 100000}`;
    expect(featuredCli('add', `http://example.invalid${state.path}`, '--title', title, '--order', '0')).toContain('已加入精选');
    try {
      // Signed out: the gallery shows it; 继续对话 asks to log in.
      const visitor = await (await browser.newContext({ storageState: SEEN_ANNOUNCEMENTS_STATE, baseURL: process.env.E2E_BASE_URL })).newPage();
      await visitor.goto('/valueChatPage');
      const visitorCard = visitor.getByTestId('featured-card').filter({ hasText: title });
      await expect(visitorCard).toBeVisible();
      await expect(visitorCard).toContainText(question);
      await visitorCard.getByRole('button', { name: '继续对话' }).click();
      await expect(visitor.getByRole('alertdialog').getByRole('button', { name: '重新登录' })).toBeVisible();
      await visitor.context().close();

      // Signed in: 继续对话 opens a copy in the user's own history; the original stays.
      await page.goto('/valueChatPage');
      await expect(page.getByTestId('breadcrumb')).toContainText('精选对话');
      const card = page.getByTestId('featured-card').filter({ hasText: title });
      await expect(card).toContainText(question);
      await page.screenshot({ path: 'test-results/screenshots/featured.png', fullPage: true });
      await card.getByRole('button', { name: '继续对话' }).click();
      await expect(page).toHaveURL(/\/chatPage\?conv=/);
      const copy = new URL(page.url()).searchParams.get('conv')!;
      expect(copy).not.toBe(convGroupId);
      await expect(page.getByTestId('message-user').first()).toContainText(question);
      await expect(answers(page)).toHaveCount(1);
      await expect(page.locator(`[aria-current]`).filter({ hasText: /长城/ })).toBeVisible();

      // The card opens the public page.
      await page.goto('/valueChatPage');
      await page.getByTestId('featured-card').filter({ hasText: title }).getByRole('link').click();
      await expect(page).toHaveURL(new RegExp(`/friendsLinkPage/${convGroupId}$`));
      await expect(page.getByTestId('share-page')).toContainText(question);
    } finally {
      featuredCli('remove', convGroupId);
    }
  });
});
