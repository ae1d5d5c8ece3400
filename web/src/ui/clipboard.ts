import { notify } from '../notifications/notify';

/** Copies `text`, then says so (or that it failed: a browser may refuse clipboard access). */
export async function copyToClipboard(text: string, success: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    notify(success, 'success');
  } catch {
    notify('An error occurred', 'error');
  }
}
