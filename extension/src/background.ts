import { CAPTURE_HTML_CHARACTERS, serialisePage } from '@wishwell/web/serialise-page';
import { loadSettings, type Settings } from './settings';

/**
 * The toolbar button: reads the page in the current tab, has the Wishwell server extract the
 * product (POST /api/v1/scrape/page with the API token) and opens Wishwell's Add Item dialog with
 * it. The answer travels in the URL's fragment, which the browser never sends to a server.
 */
async function captureTab(tab: chrome.tabs.Tab): Promise<void> {
  const settings = await loadSettings();
  if (!settings) return chrome.runtime.openOptionsPage();
  if (tab.id === undefined) return;
  const [injection] = await chrome.scripting.executeScript({ target: { tabId: tab.id }, func: serialisePage, args: [CAPTURE_HTML_CHARACTERS] });
  if (!injection?.result) return;
  const answer = await extracted(settings, injection.result);
  await chrome.tabs.create({ url: `${settings.server}/capture#${answer}` });
}

/** The fragment for /capture: `result=` the product, or `error=` why there is none. */
async function extracted(settings: Settings, page: { url: string; html: string }): Promise<string> {
  try {
    const response = await fetch(`${settings.server}/api/v1/scrape/page`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${settings.token}` },
      body: JSON.stringify(page),
    });
    const body: unknown = await response.json().catch(() => null);
    if (response.ok) return `result=${encodeURIComponent(JSON.stringify(body))}`;
    const message = (body as { message?: unknown } | null)?.message;
    return `error=${encodeURIComponent(typeof message === 'string' ? message : `HTTP ${response.status}`)}`;
  } catch {
    return `error=${encodeURIComponent(chrome.i18n.getMessage('unreachable', [settings.server]))}`;
  }
}

chrome.action.onClicked.addListener((tab) => void captureTab(tab));
// Tests start a capture as the toolbar button would (a browser test cannot click the toolbar).
(globalThis as { wishwellCaptureTab?: typeof captureTab }).wishwellCaptureTab = captureTab;
