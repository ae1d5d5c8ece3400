import { setLogWriter } from '../../src/log';

const CONSOLE_METHODS = ['log', 'info', 'warn', 'error'] as const;

/**
 * What a server running inside the test worker prints: its log lines (kept from the test's own
 * output, as a server process's are) and console lines (also still shown), from now until release.
 */
export function captureServerOutput(): { text: () => string; release: () => void } {
  let text = '';
  const replacedWriter = setLogWriter((line) => (text += `${line}\n`));
  const replacedConsole = CONSOLE_METHODS.map((method) => {
    const original = console[method];
    console[method] = (...values: unknown[]) => {
      text += `${values.map((value) => (typeof value === 'string' ? value : Bun.inspect(value))).join(' ')}\n`;
      original.apply(console, values);
    };
    return () => (console[method] = original);
  });
  return {
    text: () => text,
    release() {
      setLogWriter(replacedWriter);
      for (const restore of replacedConsole) restore();
    },
  };
}
