import { notify } from '../notifications/notify';

/** Copies `text`, then says so (`success`), or that it failed (`failure`: a browser may refuse clipboard access). */
export async function copyToClipboard(text: string, success: string, failure: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    notify(success, 'success');
  } catch {
    notify(failure, 'error');
  }
}
