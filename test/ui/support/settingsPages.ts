// Opening one page of Settings in a test, as an operator does: F7 (Settings, on the page last used), then the page in
// the list at the left.
import type { Page } from 'playwright-core';
import type { SettingsPage } from '../../../src/renderer/stores/appStore';

export async function openSettingsPage(page: Page, name: SettingsPage): Promise<void> {
  if ((await page.getByTestId('settings-tabs').count()) === 0) await page.keyboard.press('F7');
  await page.getByTestId(`settings-tab-${name}`).click();
  await page.getByTestId(`settings-page-${name}`).waitFor();
}
