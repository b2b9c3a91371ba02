import { expect, type Page } from '@playwright/test';

/** The area page that is showing, once it is mounted: `section[data-testid=area-page]` inside the area's outlet. */
export function areaPage(page: Page, area: string) {
  return page.locator(`#qm-area-${area} section[data-testid="area-page"]`);
}

export async function expectArea(page: Page, area: string, version?: string) {
  const section = areaPage(page, area);
  await expect(section).toBeVisible();
  if (version) await expect(section).toHaveAttribute('data-area-version', version);
  return section;
}

/** Client-side navigation, the way a link inside the product does it. */
export async function navigateInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}
