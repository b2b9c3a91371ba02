import path from 'node:path';
import { expect, test } from '@playwright/test';
import { answers, ask, signedInChat } from '../support/chatPage';
import { ECHO_MODEL, TRANSCRIPT } from '../support/echoUpstream';

const fixture = (name: string) => path.join(__dirname, '..', 'fixtures', 'uploads', name);

// A microphone for MediaRecorder: Chromium's fake device (a beep), allowed without a prompt.
test.use({ launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'] } });

test.describe('read aloud', () => {
  test('an answer is read aloud offline: progress, then a playable mp3 with a download; one generation at a time', async ({ page }) => {
    test.setTimeout(120_000);
    await signedInChat(page, '/chatPage?model=glm-4-flash');
    await ask(page, '介绍一下长城');
    await expect(answers(page)).toHaveCount(1, { timeout: 20_000 });
    await ask(page, '介绍一下黄河');
    await expect(answers(page)).toHaveCount(2, { timeout: 20_000 });

    const speech = page.waitForResponse((r) => r.url().includes('/generateSpeech'), { timeout: 90_000 });
    await answers(page).first().getByTestId('read-aloud').click();
    await expect(answers(page).first().getByTestId('speech-progress')).toBeVisible();
    // A second 朗读 — on the same answer or another — is told to wait.
    const busy = page.getByTestId('toast').filter({ hasText: '语音正在生成中，请稍后再试！' });
    await answers(page).first().getByTestId('read-aloud').click();
    await expect(busy).toHaveCount(1);
    await answers(page).nth(1).getByTestId('read-aloud').click();
    await expect(busy).toHaveCount(2);

    const response = await speech;
    expect(response.headers()['content-type']).toBe('audio/mpeg');
    const mp3 = await response.body();
    // an MPEG audio frame header (sync bits) at the start, and real length
    expect(mp3[0]).toBe(0xff);
    expect(mp3[1]! & 0xe0).toBe(0xe0);
    expect(mp3.length).toBeGreaterThan(20_000);

    const player = answers(page).first().getByTestId('speech-player');
    const audio = player.locator('audio');
    await expect(audio).toBeVisible({ timeout: 90_000 });
    await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => (Number.isFinite(a.duration) ? a.duration : 0))).toBeGreaterThan(3);
    const download = page.waitForEvent('download');
    await player.getByRole('button', { name: '下载音频' }).click();
    expect((await download).suggestedFilename()).toMatch(/\.mp3$/);
  });
});

test.describe('voice input', () => {
  test('records from the microphone and puts the recognised text into the input', async ({ page }) => {
    await signedInChat(page, '/chatPage?model=glm-4-flash');
    await page.getByTestId('voice-input').click();
    const stop = page.getByTestId('voice-stop');
    await expect(stop).toContainText(/录音中 \d+\/180 秒/);
    await page.waitForTimeout(1500);
    const transcription = page.waitForRequest((r) => r.url().includes('/getTranscribeAudio'));
    await stop.click();
    const sent = await transcription;
    expect(sent.headers()['content-type']).toContain('multipart/form-data');
    await expect(page.getByTestId('composer-input')).toHaveValue(TRANSCRIPT);
  });
});

test.describe('uploads', () => {
  test('pdf, docx, markdown and an image reach the model; chips, quick prompts and removal work', async ({ page }) => {
    test.setTimeout(120_000);
    await signedInChat(page, `/chatPage?model=${ECHO_MODEL}`);
    const input = page.getByTestId('upload-input');
    const chips = page.getByTestId('upload-chip');

    await input.setInputFiles(fixture('report.pdf'));
    await expect(chips).toHaveCount(1, { timeout: 30_000 });
    await expect(chips.first()).toContainText('PDF');
    await expect(page.getByTestId('upload-prompt')).toHaveText(['请详细总结一下这份文件的内容', '这份文件的主要内容是什么？']);
    await input.setInputFiles(fixture('plan.docx'));
    await expect(chips).toHaveCount(2, { timeout: 30_000 });
    await input.setInputFiles({ name: '说明.md', mimeType: 'text/markdown', buffer: Buffer.from('# 使用说明\n\n开机前请检查电源。') });
    await expect(chips).toHaveCount(3, { timeout: 30_000 });
    await expect(chips.nth(1)).toContainText('DOCX');
    await expect(chips.nth(2)).toContainText('文本');

    // the echo model answers with what it received: the files' text comes before the question
    await page.getByTestId('upload-prompt').last().click();
    await expect(answers(page)).toHaveCount(1, { timeout: 20_000 });
    const answer = answers(page).first();
    await expect(answer).toContainText('季度报告');
    await expect(answer).toContainText('Quarterly report 2026');
    await expect(answer).toContainText('第一阶段：需求调研');
    await expect(answer).toContainText('开机前请检查电源');

    await chips.nth(0).getByRole('button').click();
    await expect(chips).toHaveCount(2);
    await expect(chips.first()).toContainText('plan.docx');

    await page.goto(`/chatPage?model=${ECHO_MODEL}`);
    await input.setInputFiles(fixture('digits.png'));
    await expect(chips).toHaveCount(1, { timeout: 60_000 });
    await expect(chips.first()).toContainText('图片');
    await ask(page, 'ECHO:看到了吗');
    await expect(answers(page).first()).toContainText('[收到图片 1 张]', { timeout: 20_000 });
  });

  test('wrong types, an oversized file and a renamed binary are refused with clear messages', async ({ page }) => {
    await signedInChat(page, '/chatPage?model=glm-4v');
    await page.getByTestId('upload-input').setInputFiles(fixture('report.pdf'));
    await expect(page.getByText('当前模型仅支持 PNG(.png)、JPEG(.jpeg和 jpg)图片的分析')).toBeVisible();

    await page.goto(`/chatPage?model=${ECHO_MODEL}`);
    const input = page.getByTestId('upload-input');
    await input.setInputFiles({ name: 'big.txt', mimeType: 'text/plain', buffer: Buffer.alloc(21 * 1024 * 1024, 0x61) });
    await expect(page.getByText('文件过大，单个文件不能超过 20 MB')).toBeVisible();

    const png = await import('node:fs').then((fs) => fs.readFileSync(fixture('digits.png')));
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: png });
    await expect(page.getByText(/文件内容与扩展名不符|实际是/)).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('upload-chip')).toHaveCount(0);
  });

  test('a signed-out visitor is asked to log in before uploading', async ({ page }) => {
    await page.goto(`/chatPage?model=${ECHO_MODEL}`);
    await page.getByTestId('upload-input').setInputFiles(fixture('report.pdf'));
    await expect(page.getByText('请在登录后上传文件')).toBeVisible();
  });
});
