// Acting on a server-rendered page (the landing and share pages) before React has hydrated it:
// taps and choices in selects are kept and replayed (early-taps.ts), but a key press then does
// nothing, so a helper presses until the page answers.
import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Moves a price slider handle with the keyboard (one step per press) to `target`. Keys pressed
 * before the server-rendered page is hydrated do nothing, so it presses until one moves the handle.
 */
export async function moveHandle(handle: Locator, target: number) {
  const valueNow = async () => Number(await handle.getAttribute('aria-valuenow'));
  const start = await valueNow();
  if (start === target) return;
  const key = target < start ? 'ArrowLeft' : 'ArrowRight';
  await expect(async () => {
    await handle.press(key);
    expect(await valueNow()).not.toBe(start);
  }).toPass();
  // The rest straight to the focused handle: a locator's press looks the handle up and checks it
  // anew each time, which over a hundred steps (a price in pounds) costs seconds.
  await handle.focus();
  for (let steps = Math.abs(target - (await valueNow())); steps > 0; steps--) await handle.page().keyboard.press(key);
  await expect(handle).toHaveAttribute('aria-valuenow', String(target));
}

/**
 * A slow phone: the app's script is held back until the answered function delivers it, so taps
 * and choices on the server-rendered page come before hydration.
 */
export async function holdAppScript(page: Page): Promise<() => void> {
  let deliver = () => {};
  const held = new Promise<void>((resolve) => (deliver = resolve));
  await page.route(/\/assets\/main-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return deliver;
}
