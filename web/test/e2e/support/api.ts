import type { Page } from '@playwright/test';

/**
 * Opens the lightest page of the site for `apiCall`: an API answer of its origin (which also sets
 * the XSRF cookie), not the app, whose cold load costs a second or more on a loaded machine. For
 * set-up; the test then opens the pages it is about.
 */
export async function openForApi(page: Page): Promise<void> {
  await page.goto('/api/v1/health');
}

/** A call to /api/v1 from inside the page, with its cookies and the XSRF echo (set-up only). */
export async function apiCall<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const xsrf = document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length);
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (xsrf) headers['x-xsrf-token'] = decodeURIComponent(xsrf);
      const response = await fetch(`/api/v1${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
      return response.json();
    },
    { method, path, body },
  ) as Promise<T>;
}
