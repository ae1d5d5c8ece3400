import type { ConsoleMessage, Page } from '@playwright/test';

/** The signed-out session probe's 401 (GET /api/v1/users/profile): expected on a signed-out page. */
export const isSessionProbe = (message: ConsoleMessage): boolean => message.location().url.endsWith('/api/v1/users/profile');

/** Console errors and warnings, and uncaught errors, the page logs from now on (except those `ignore` names). */
export function consoleProblems(page: Page, ignore: (message: ConsoleMessage) => boolean = () => false): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if ((message.type() === 'error' || message.type() === 'warning') && !ignore(message)) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}
