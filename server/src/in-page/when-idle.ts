/** Runs in the page: resolves when its main thread has nothing left to do (scripts run, responses handled). */
export const whenIdle = (timeout: number) => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout }));
