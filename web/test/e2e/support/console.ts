import type { ConsoleMessage, Page } from '@playwright/test';

/** The signed-out session probe's 401 (GET /api/v1/users/profile): expected on a signed-out page. */
export const isSessionProbe = (message: ConsoleMessage): boolean => message.location().url.endsWith('/api/v1/users/profile');

/**
 * What a page says when Playwright blocks its service worker (`serviceWorkers: 'block'`, every spec
 * but the worker's own): Playwright's note, and the app's warning that registering gave nothing.
 */
const isBlockedServiceWorker = (message: ConsoleMessage): boolean =>
  /^(Service Worker registration blocked by Playwright|The service worker could not be registered)/.test(message.text());

/** Console errors and warnings, and uncaught errors, the page logs from now on (except those `ignore` names). */
export function consoleProblems(page: Page, ignore: (message: ConsoleMessage) => boolean = () => false): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if ((message.type() === 'error' || message.type() === 'warning') && !ignore(message) && !isBlockedServiceWorker(message)) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}
