import { expect, type Locator, type Page } from '@playwright/test';

/** A box once it stops moving (a dialog zooms in when it opens). */
async function settledBox(locator: Locator) {
  let previous = await locator.boundingBox();
  for (let i = 0; i < 30; i++) {
    await locator.page().waitForTimeout(100);
    const box = await locator.boundingBox();
    if (box && previous && box.x === previous.x && box.y === previous.y && box.width === previous.width) return box;
    previous = box;
  }
  throw new Error('element kept moving');
}

/** A dev endpoint of the server the page is on (a second product in a test, too); relative before any page. */
function devUrl(page: Page, path: string): string {
  return /^https?:/.test(page.url()) ? new URL(path, page.url()).href : path;
}

let counter = 0;
/** A fresh address per test run, so tests never meet each other's accounts. */
export function uniqueEmail(): string {
  counter += 1;
  return `e2e-${Date.now().toString(36)}-${counter}@example.com`;
}

/** Reads the newest code sent to `to` from the dev outbox (of the server the page is on), as a developer would. */
export async function codeFromOutbox(page: Page, to: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const response = await page.request.get(devUrl(page, `/app-api/dev/outbox?to=${encodeURIComponent(to)}`));
      const body = (await response.json()) as { data: Array<{ code: string }> };
      code = body.data[0]?.code ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

/**
 * Clicks 获取验证码 and solves the puzzle captcha by really dragging the piece into the hole: the
 * answer comes from the dev outbox's captcha endpoint, the drag is scaled to the picture's
 * displayed width and moves as a hand does (speeding up, then slowing down to aim, over about
 * 0.7 s): the server refuses a jump or a constant-speed line.
 */
export async function sendCodeThroughCaptcha(page: Page, form: Locator, resent: RegExp = /秒后重发/) {
  const challenge = page.waitForResponse((response) => response.url().includes('/app-api/captcha/get'));
  await form.getByTestId('send-code').click();
  const { data } = (await (await challenge).json()) as { data: { captchaId: string; width: number; pieceY: number } };
  const hole = (await (await page.request.get(devUrl(page, `/app-api/dev/captcha/${data.captchaId}`))).json()) as { data: { x: number; y: number } };
  const captcha = page.getByTestId('slide-captcha');
  await expect(captcha).toHaveAttribute('data-status', 'ready');
  const frame = await settledBox(captcha.locator('img').first());
  const piece = await settledBox(page.getByTestId('captcha-piece'));
  const scale = frame.width / data.width;
  const start = { x: piece.x + piece.width / 2, y: piece.y + piece.height / 2 };
  const move = { x: hole.data.x * scale, y: (hole.data.y - data.pieceY) * scale };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  const steps = 24;
  for (let step = 1; step <= steps; step++) {
    const p = step / steps;
    const eased = p < 0.5 ? 2 * p * p : 1 - (-2 * p + 2) ** 2 / 2;
    await page.mouse.move(start.x + move.x * eased, start.y + move.y * eased);
    await page.waitForTimeout(15 + (step % 4) * 8);
  }
  await page.mouse.up();
  await expect(form.getByTestId('send-code')).toHaveText(resent);
}

/** Registers a new e-mail account through the login page (with or without a password). */
export async function registerByEmail(page: Page, email: string, password?: string) {
  await page.getByRole('tab', { name: '邮箱' }).click();
  const form = page.getByTestId('form-email-register');
  // An invite link (?aff=) opens the page on registration already.
  if (!(await form.isVisible())) await page.getByTestId('form-email-code').getByRole('button', { name: '注册账号' }).click();
  await form.getByPlaceholder('请输入邮箱地址').fill(email);
  await sendCodeThroughCaptcha(page, form);
  await form.getByLabel('验证码').fill(await codeFromOutbox(page, email));
  if (password) await form.getByPlaceholder('密码至少 8 位，且需同时包含字母和数字').fill(password);
  await form.getByRole('button', { name: '注册' }).click();
}

/** A new account registered on the login page (or `path`, e.g. an invite link), signed in and shown in the navbar. */
export async function newSignedInUser(page: Page, path = '/loginPage') {
  await page.goto(path);
  await registerByEmail(page, uniqueEmail());
  await expect(page.getByTestId('username')).toBeVisible();
}

/** The navbar's balance in 万 (spec §9: divided by 10,000, 2 decimals). */
export const balanceWan = async (page: Page) => Number((await page.getByTestId('points-balance').textContent())!.replace(/[^\d.]/g, ''));
