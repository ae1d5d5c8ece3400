import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN, signInByApi } from './support/accounts';

// The Backup & Restore page talks to the PlatformBridge: inside the desktop app the preload's
// window.wishwellDesktop (here a stand-in recording its calls), in a browser a download link and
// a file input.

interface BridgeCall {
  method: string;
  args: unknown[];
}

/** Puts a stand-in desktop preload API on `window` before the page's scripts run. */
async function withStandInDesktopBridge(page: Page, answers: { restore: unknown; saved?: boolean }) {
  await page.addInitScript((answers) => {
    const calls: { method: string; args: unknown[] }[] = [];
    (window as unknown as { bridgeCalls: typeof calls }).bridgeCalls = calls;
    (window as unknown as { wishwellDesktop: unknown }).wishwellDesktop = {
      saveBackup: async (onProgress: (p: { loaded: number; total: number | null }) => void) => {
        calls.push({ method: 'saveBackup', args: [] });
        onProgress({ loaded: 5_000_000, total: 10_000_000 });
        return { ok: true, saved: answers.saved ?? true };
      },
      pickRestoreFile: async () => {
        calls.push({ method: 'pickRestoreFile', args: [] });
        return { id: 'picked-1', name: 'wishlist-backup-2026-11-20T10-00-00.000Z.gz', size: 2_000_000 };
      },
      uploadRestoreFile: async (id: string) => {
        calls.push({ method: 'uploadRestoreFile', args: [id] });
        return answers.restore;
      },
      notify: (title: string, body: string) => calls.push({ method: 'notify', args: [title, body] }),
    };
  }, answers);
}

const bridgeCalls = (page: Page) => page.evaluate(() => (window as unknown as { bridgeCalls: BridgeCall[] }).bridgeCalls);

async function openBackupPage(page: Page) {
  await signInByApi(page, E2E_ADMIN, '/admin/backup-restore');
  await expect(page.getByRole('heading', { level: 2, name: 'Backup & Restore' })).toBeVisible();
}

test.describe('inside the desktop app (stand-in bridge)', () => {
  test('Download Backup asks the app to save it: no browser download', async ({ page }) => {
    await withStandInDesktopBridge(page, { restore: { ok: true, message: null } });
    await openBackupPage(page);
    let downloads = 0;
    page.on('download', () => downloads++);
    await page.getByRole('button', { name: 'Download Backup' }).click();
    await expect(page.getByText('Backup downloaded successfully.')).toBeVisible();
    expect(await bridgeCalls(page)).toEqual([
      { method: 'saveBackup', args: [] },
      { method: 'notify', args: ['Wishwell', 'Backup downloaded successfully.'] },
    ]);
    expect(downloads).toBe(0);
  });

  test('a cancelled Save dialog says nothing', async ({ page }) => {
    await withStandInDesktopBridge(page, { restore: { ok: true, message: null }, saved: false });
    await openBackupPage(page);
    await page.getByRole('button', { name: 'Download Backup' }).click();
    await expect.poll(() => bridgeCalls(page)).toEqual([{ method: 'saveBackup', args: [] }]);
    await expect(page.getByText('Backup downloaded successfully.')).toHaveCount(0);
  });

  test('Choose File opens the app’s dialog, and the confirmed restore uploads that file', async ({ page }) => {
    await withStandInDesktopBridge(page, { restore: { ok: true, message: null } });
    await openBackupPage(page);
    let fileChoosers = 0;
    page.on('filechooser', () => fileChoosers++);
    const restoreButton = page.getByRole('button', { name: 'Restore Database' });
    await expect(restoreButton).toBeDisabled();
    await page.getByRole('button', { name: 'Choose File' }).click();
    await expect(page.getByLabel('Chosen backup file')).toHaveText('wishlist-backup-2026-11-20T10-00-00.000Z.gz');
    await restoreButton.click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('Confirm Restore');
    await expect(confirm).toContainText(
      'Are you absolutely sure you want to restore the database from "wishlist-backup-2026-11-20T10-00-00.000Z.gz"? All existing data will be permanently deleted and replaced.',
    );
    await confirm.getByRole('button', { name: 'Yes, Restore Now' }).click();
    await expect(page.getByText('Database restore initiated. The application will restart.')).toBeVisible();
    expect((await bridgeCalls(page)).filter((c) => c.method !== 'notify')).toEqual([
      { method: 'pickRestoreFile', args: [] },
      { method: 'uploadRestoreFile', args: ['picked-1'] },
    ]);
    expect(fileChoosers).toBe(0);
    // The page reloads 3 s after a restore.
    await page.waitForEvent('load', { timeout: 6000 });
  });

  test("a refused restore shows the server's message", async ({ page }) => {
    await withStandInDesktopBridge(page, { restore: { ok: false, status: 422, message: 'The backup file is damaged (checksum mismatch).' } });
    await openBackupPage(page);
    await page.getByRole('button', { name: 'Choose File' }).click();
    await page.getByRole('button', { name: 'Restore Database' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('alertdialog')).toBeHidden();
    expect((await bridgeCalls(page)).map((c) => c.method)).toEqual(['pickRestoreFile']);
    await page.getByRole('button', { name: 'Restore Database' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, Restore Now' }).click();
    await expect(page.getByText('The backup file is damaged (checksum mismatch).').first()).toBeVisible();
  });
});

test.describe('in a normal browser (no bridge)', () => {
  test('Choose File opens a .gz file input and Restore posts the file; a refusal is shown', async ({ page }) => {
    await openBackupPage(page);
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Choose File' }).click()]);
    expect(await chooser.element().getAttribute('accept')).toBe('.gz,application/gzip');
    await chooser.setFiles({ name: 'my-backup.gz', mimeType: 'application/gzip', buffer: Buffer.from('not really a backup') });
    await expect(page.getByLabel('Chosen backup file')).toHaveText('my-backup.gz');
    await page.getByRole('button', { name: 'Restore Database' }).click();
    await expect(page.getByRole('alertdialog')).toContainText('restore the database from "my-backup.gz"?');
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith('/api/v1/admin/restore') && r.method() === 'POST'),
      page.getByRole('alertdialog').getByRole('button', { name: 'Yes, Restore Now' }).click(),
    ]);
    expect(request.headers()['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    // Not a real backup: the server refuses it and the page shows its answer, changing nothing.
    await expect(page.locator('.bp6-toast.bp6-intent-danger')).toBeVisible();
    await expect(page.getByText('Database restore initiated. The application will restart.')).toHaveCount(0);
  });
});
