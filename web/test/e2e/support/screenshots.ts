import { test, type Page, type PageScreenshotOptions } from '@playwright/test';

/**
 * A screenshot for people to look at (nothing compares it), as `name` in the test's output
 * folder: taken when E2E_SCREENSHOTS is set (`E2E_SCREENSHOTS=1 … test SPEC`), skipped otherwise,
 * since the suite's walks take dozens and each costs the run about a second.
 */
export async function keepScreenshot(page: Page, name: string, options: Omit<PageScreenshotOptions, 'path'> = {}): Promise<void> {
  if (!process.env.E2E_SCREENSHOTS) return;
  await page.screenshot({ ...options, path: test.info().outputPath(name) });
}
