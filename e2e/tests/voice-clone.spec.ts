import { expect, test } from '@playwright/test';
import { newSignedInUser } from '../support/account';
import { answers, ask } from '../support/chatPage';

/**
 * A speech-like WAV made here: 8 s of syllable-like bursts (4 a second) of a 150 Hz harmonic tone,
 * 16-bit mono at 16 kHz. The server measures its pitch, and the offline demo follows it.
 */
function voicedWav(pitchHz = 150, seconds = 8, rate = 16000): Buffer {
  const n = seconds * rate;
  const out = Buffer.alloc(44 + n * 2);
  out.write('RIFF', 0, 'latin1');
  out.writeUInt32LE(36 + n * 2, 4);
  out.write('WAVEfmt ', 8, 'latin1');
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20);
  out.writeUInt16LE(1, 22);
  out.writeUInt32LE(rate, 24);
  out.writeUInt32LE(rate * 2, 28);
  out.writeUInt16LE(2, 32);
  out.writeUInt16LE(16, 34);
  out.write('data', 36, 'latin1');
  out.writeUInt32LE(n * 2, 40);
  for (let i = 0; i < n; i++) {
    const t = i / rate;
    const phase = (t * 4) % 1;
    const envelope = phase < 0.6 ? Math.sin((Math.PI * phase) / 0.6) : 0;
    let value = 0;
    for (let h = 1; h <= 8; h++) value += Math.sin(2 * Math.PI * pitchHz * h * t) / h;
    out.writeInt16LE(Math.round(0.2 * envelope * value * 32767), 44 + i * 2);
  }
  return out;
}

test.describe('voice cloning (offline demo)', () => {
  test('a new user uploads a sample, clones it, tries it, and 朗读 on a chat answer speaks with it', async ({ page }) => {
    test.setTimeout(180_000);
    await newSignedInUser(page);
    await page.goto('/soundClone');
    await expect(page.getByTestId('voices-offline-notice')).toContainText('不会复刻你的音色');

    // A renamed non-audio file is refused with the reason; the real sample is accepted and measured.
    await page.getByTestId('sample-file').setInputFiles({ name: 'fake.wav', mimeType: 'audio/wav', buffer: Buffer.from('%PDF-1.4 not audio at all, only a renamed file '.repeat(20)) });
    await expect(page.getByTestId('sample-error')).toContainText('无法识别的音频格式');
    await page.getByTestId('sample-file').setInputFiles({ name: 'my-voice.wav', mimeType: 'audio/wav', buffer: voicedWav() });
    const sample = page.getByTestId('sample').first();
    await expect(sample.getByTestId('sample-checks')).toContainText('时长 8.0 秒');
    await expect(sample.getByTestId('sample-checks')).toContainText(/音高 1(4[7-9]|5[0-3]) Hz/);

    await expect(page.getByTestId('clone-blocker')).toContainText('请输入音色名称');
    await page.getByTestId('voice-name').fill('我的测试音色');
    await expect(page.getByTestId('clone-blocker')).toContainText('授权声明');
    await page.getByTestId('voice-consent').check();
    await expect(page.getByTestId('clone-cost')).toContainText('不消耗积分');
    await page.getByTestId('start-clone').click();
    const voice = page.getByTestId('voice').filter({ hasText: '我的测试音色' });
    await expect(voice.getByTestId('voice-status')).toHaveText('可使用', { timeout: 60_000 });
    await expect(voice).toContainText('离线演示');

    // Try it with text: MP3 comes back and plays in the page.
    await voice.getByTestId('try-text').fill('你好，这是我的声音。');
    const tried = page.waitForResponse((r) => r.url().includes('/tts/try'), { timeout: 60_000 });
    await voice.getByTestId('try-voice').click();
    const tryResponse = await tried;
    expect(tryResponse.headers()['content-type']).toBe('audio/mpeg');
    expect((await tryResponse.body()).length).toBeGreaterThan(5000);
    await expect(voice.getByTestId('try-audio')).toBeVisible();
    await expect.poll(() => voice.getByTestId('try-audio').evaluate((a: HTMLAudioElement) => (Number.isFinite(a.duration) ? a.duration : 0))).toBeGreaterThan(1);
    const download = page.waitForEvent('download');
    await voice.getByTestId('download-try').click();
    expect((await download).suggestedFilename()).toMatch(/\.mp3$/);

    // Use it for read-aloud, then 朗读 a chat answer: the request carries the cloned voice.
    await voice.getByTestId('use-for-read-aloud').click();
    await expect(voice.getByTestId('use-for-read-aloud')).toHaveText('当前朗读音色');
    await page.goto('/chatPage?model=glm-4-flash');
    await expect(page.getByTestId('chat-page')).toBeVisible();
    await ask(page, '用一句话介绍长城');
    await expect(answers(page)).toHaveCount(1, { timeout: 30_000 });
    const speechRequest = page.waitForRequest((r) => r.url().includes('/generateSpeech'));
    const speechResponse = page.waitForResponse((r) => r.url().includes('/generateSpeech'), { timeout: 90_000 });
    await answers(page).first().getByTestId('read-aloud').click();
    const sent = (await speechRequest).postDataJSON() as { voice: string };
    expect(sent.voice).toMatch(/^clone:[\w-]+$/);
    const spoken = await speechResponse;
    expect(spoken.headers()['content-type']).toBe('audio/mpeg');
    await expect(answers(page).first().getByTestId('speech-player').locator('audio')).toBeVisible({ timeout: 90_000 });

    // Back on the page: deleting asks first, then the voice is gone and read-aloud is back to a standard voice.
    await page.goto('/soundClone');
    const again = page.getByTestId('voice').filter({ hasText: '我的测试音色' });
    await again.getByTestId('delete-voice').click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: '删除' }).click();
    await expect(page.getByTestId('voice')).toHaveCount(0);
    await expect(page.getByTestId('sample')).toHaveCount(0);
  });

  test('signed out, the page shows and uploading asks to log in; on a phone the page fits', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/soundClone');
    await expect(page.getByTestId('voice-clone-page')).toBeVisible();
    await page.getByTestId('upload-sample').click();
    await expect(page.getByText(/请先登录|登录/).first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(1);
  });
});
