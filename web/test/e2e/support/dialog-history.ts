import { expect, type Page } from '@playwright/test';

/**
 * Waits until the page is (true) or is no longer (false) on an open dialog's history entry (Back
 * closes dialogs: web/src/ui/use-close-on-back.ts). The entry is pushed just after the dialog
 * shows and stepped back over just after it hides, so a Back or a page.goto made in between acts
 * on the wrong entry (a Back then left the page with the dialog still open; a goto was aborted).
 */
export async function onDialogEntry(page: Page, expected: boolean): Promise<void> {
  await expect.poll(() => page.evaluate(() => Boolean((history.state as { usr?: { wwDialog?: boolean } } | null)?.usr?.wwDialog)), { intervals: [50] }).toBe(expected);
}
