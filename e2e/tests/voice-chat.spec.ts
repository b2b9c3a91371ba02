import { expect, test, type Page } from '@playwright/test';
import { registerByEmail, uniqueEmail } from '../support/account';
import { answers } from '../support/chatPage';
import { TRANSCRIPT } from '../support/echoUpstream';
import { writeSpeechWav } from '../support/speechWav';

// The microphone hears 0.6 s of silence, 1.6 s of speech-like sound, then silence for good
// (%noloop): the voice-activity detection has one utterance to find and end.
const utterance = writeSpeechWav('voice-chat', { before: 0.6, speech: 1.6, after: 1 });
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-audio-capture=${utterance}%noloop`],
  },
});

const phase = (page: Page) => page.getByTestId('voice-status');
const audioState = (page: Page) => page.getByTestId('voice-audio').evaluate((a: HTMLAudioElement) => ({ playing: !a.paused && a.currentTime > 0, paused: a.paused }));
/** Letters and digits only: a spoken sentence is found in the rendered answer whatever markdown it had. */
const bare = (text: string) => text.replace(/[^\p{L}\p{N}]/gu, '');

test.describe('voice conversation (/voice)', () => {
  test('hands-free: the recognised question is asked, the answer streams and is spoken sentence by sentence in order; tapping interrupts; typing and hold-to-talk continue the same conversation, saved in the history', async ({ page }) => {
    test.setTimeout(150_000);
    const spoken: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/generateSpeech')) spoken.push((request.postDataJSON() as { input: string }).input);
    });
    await page.goto('/loginPage');
    await registerByEmail(page, uniqueEmail());
    await expect(page.getByTestId('username')).toBeVisible();
    await page.goto('/voice');
    await expect(page.getByTestId('breadcrumb')).toContainText('语音对话');
    await expect(phase(page)).toHaveAttribute('data-phase', 'idle');
    await expect(phase(page)).toContainText('点击开始');

    // Hands-free: the VAD hears the utterance, its end sends it to recognition (the e2e service answers TRANSCRIPT).
    const transcription = page.waitForRequest((r) => r.url().includes('/getTranscribeAudio'));
    await page.getByTestId('voice-main').click();
    await expect(phase(page)).toHaveAttribute('data-phase', 'listening');
    const recording = await transcription;
    expect(recording.headers()['content-type']).toContain('multipart/form-data');
    const questions = page.getByTestId('voice-question');
    await expect(questions.first()).toContainText(TRANSCRIPT);

    // The answer (the offline model) streams as text and is spoken: one request per sentence, in the answer's order.
    const answer = page.getByTestId('voice-answer').first();
    await expect(answer).toContainText('离线演示', { timeout: 20_000 });
    await expect.poll(() => spoken.length, { timeout: 60_000 }).toBeGreaterThanOrEqual(2);
    await expect.poll(async () => (await audioState(page)).playing, { timeout: 60_000 }).toBe(true);
    await expect(phase(page)).toHaveAttribute('data-phase', 'answering');
    await expect(page.getByTestId('voice-speaking')).toBeVisible();
    const text = bare((await answer.textContent()) ?? '');
    const positions = spoken.slice(0, 2).map((sentence) => text.indexOf(bare(sentence)));
    expect(positions[0]).toBeGreaterThanOrEqual(0);
    expect(positions[1]).toBeGreaterThan(positions[0]!);

    // 打断: the speech stops at once and the page listens; no more sentences are asked for.
    await page.getByTestId('voice-interrupt').click();
    await expect(phase(page)).toHaveAttribute('data-phase', 'listening');
    expect((await audioState(page)).paused).toBe(true);
    const askedBefore = spoken.length;
    await page.waitForTimeout(1500);
    expect(spoken.length).toBe(askedBefore);
    await expect(page.getByTestId('voice-speaking')).toHaveCount(0);

    // Typing continues the conversation, with another model: its two sentences are spoken in order.
    await page.getByTestId('voice-model').click();
    await page.keyboard.type('Gemini 2.0 Flash');
    await page.locator('.ant-select-item-option').filter({ hasText: /Gemini 2\.0 Flash/i }).first().click();
    const typed = 'ECHO:第一句说的是长城的历史。第二句说的是黄河的源头。';
    const before = spoken.length;
    await page.getByTestId('voice-text').fill(typed);
    await page.getByTestId('voice-send').click();
    await expect(questions).toHaveCount(2);
    await expect(page.getByTestId('voice-answer').nth(1)).toContainText('第二句说的是黄河的源头。');
    await expect.poll(() => spoken.slice(before), { timeout: 60_000 }).toEqual(['第一句说的是长城的历史。', '第二句说的是黄河的源头。']);
    await expect(phase(page)).toHaveAttribute('data-phase', 'listening', { timeout: 60_000 });

    // Hold-to-talk with the space bar: held, then released, it is recognised and asked.
    await page.getByTestId('voice-mode-hold').click();
    await expect(phase(page)).toHaveAttribute('data-phase', 'ready');
    await page.getByTestId('voice-turns').click();
    await page.keyboard.down('Space');
    await expect(phase(page)).toHaveAttribute('data-phase', 'listening');
    await page.waitForTimeout(900);
    await page.keyboard.up('Space');
    await expect(questions).toHaveCount(3);
    await expect(questions.nth(2)).toContainText(TRANSCRIPT);
    await expect(page.getByTestId('voice-answer').nth(2)).toContainText(TRANSCRIPT, { timeout: 20_000 });
    await page.getByTestId('voice-pause').click();
    await expect(phase(page)).toHaveAttribute('data-phase', 'paused');
    await page.screenshot({ path: 'test-results/screenshots/voice-chat.png', fullPage: true });

    // The conversation is in the history like any chat.
    await page.getByTestId('voice-open-chat').click();
    await expect(page).toHaveURL(/\/chatPage\?conv=/);
    await expect(page.getByTestId('message-user')).toHaveCount(3);
    await expect(page.getByTestId('message-user').first()).toContainText(TRANSCRIPT);
    await expect(page.getByTestId('message-user').nth(1)).toContainText('第一句说的是长城的历史');
    await expect(answers(page)).toHaveCount(3);
    await expect(page.locator('[aria-current]').first()).toBeVisible();
  });

  test('signed out the page shows and starting asks to log in; on a phone it fits', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/voice');
    await expect(phase(page)).toContainText('点击开始');
    await page.getByTestId('voice-main').click();
    await expect(page.getByRole('alertdialog').getByRole('button', { name: '重新登录' })).toBeVisible();
    await page.keyboard.press('Escape');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const orb = await page.getByTestId('voice-main').boundingBox();
    expect(orb!.x).toBeGreaterThanOrEqual(0);
    expect(orb!.x + orb!.width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: 'test-results/screenshots/voice-chat-phone.png', fullPage: true });
  });
});
