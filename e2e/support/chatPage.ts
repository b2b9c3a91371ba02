import { expect, type Page } from '@playwright/test';
import { registerByEmail, uniqueEmail } from './account';

/** Registers a new user and opens the chat page. */
export async function signedInChat(page: Page, path = '/chatPage?model=deepseek-reasoner') {
  await page.goto('/loginPage');
  await registerByEmail(page, uniqueEmail());
  await expect(page.getByTestId('username')).toBeVisible();
  await page.goto(path);
  await expect(page.getByTestId('chat-page')).toBeVisible();
}

/** Types a message and sends it with Enter. */
export async function ask(page: Page, text: string) {
  await page.getByTestId('composer-input').fill(text);
  await page.getByTestId('composer-input').press('Enter');
}

/** The saved answers shown. */
export const answers = (page: Page) => page.getByTestId('message-assistant');
