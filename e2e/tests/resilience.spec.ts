import path from 'node:path';
import { expect, test } from '@playwright/test';
import { expectArea } from '../support/pages';
import { deleteRemoteEntry, historyLines, opsCli, publishCopy } from '../support/registry';

const BROKEN_PAY = '3.0.0-broken';
const brokenPayBuild = path.join(__dirname, '..', 'fixtures', 'broken-remote', 'dist', BROKEN_PAY);

async function expectErrorsReported(area: string, version: string, stage: 'load' | 'mount') {
  await expect
    .poll(() => historyLines(area).filter((line) => line.includes(' error ') && line.includes(version) && line.includes(`${stage}:`)).length)
    .toBeGreaterThan(0);
}

test.describe.serial('a broken remote never blanks the page', () => {
  test('an entry that 404s is retried, then the previous version is shown', async ({ page }) => {
    publishCopy('chat', '1.0.0', '1.0.1-gone');
    deleteRemoteEntry('chat', '1.0.1-gone');
    opsCli('activate', 'chat', '1.0.1-gone');
    try {
      await page.goto('/chatPage');
      await expectArea(page, 'chat', '1.0.0');
      await expectErrorsReported('chat', '1.0.1-gone', 'load');
    } finally {
      opsCli('rollback', 'chat');
    }
  });

  test('a remote whose mount throws falls back to the previous version', async ({ page }) => {
    opsCli('publish', 'pay', brokenPayBuild);
    opsCli('activate', 'pay', BROKEN_PAY);
    try {
      await page.goto('/pay');
      await expectArea(page, 'pay', '1.0.0');
      await expectErrorsReported('pay', BROKEN_PAY, 'mount');
    } finally {
      opsCli('rollback', 'pay');
    }
  });

  test('with no good version the area shows its error panel and the rest keeps working', async ({ page }) => {
    publishCopy('pay', '1.0.0', '1.0.2-gone');
    deleteRemoteEntry('pay', '1.0.2-gone');
    opsCli('activate', 'pay', '1.0.2-gone');
    opsCli('activate', 'pay', BROKEN_PAY);
    try {
      await page.goto('/pay');
      const panel = page.getByTestId('area-error-panel');
      await expect(panel).toBeVisible();
      await expect(panel.getByText('「充值」暂时无法加载')).toBeVisible();
      await expect(page.getByTestId('navbar')).toBeVisible();

      const reportsBefore = historyLines('pay').filter((l) => l.includes(' error ')).length;
      await panel.getByRole('button', { name: '重试' }).click();
      await expect(page.getByTestId('area-error-panel')).toBeVisible();
      await expect.poll(() => historyLines('pay').filter((l) => l.includes(' error ')).length).toBeGreaterThan(reportsBefore);

      await page.getByTestId('navbar').getByRole('link', { name: 'AI对话' }).click();
      await expectArea(page, 'chat', '1.0.0');
      await expect(page.getByTestId('area-error-panel')).toHaveCount(0);
    } finally {
      opsCli('activate', 'pay', '1.0.0');
    }
  });
});
