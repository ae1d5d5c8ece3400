/** The few WebExtension APIs the extension uses (Chromium's `chrome` namespace, which Firefox also offers in MV3). */
declare namespace chrome {
  namespace tabs {
    interface Tab {
      id?: number;
      url?: string;
    }
    function create(properties: { url: string }): Promise<Tab>;
  }
  namespace action {
    const onClicked: { addListener(listener: (tab: tabs.Tab) => void): void };
    function setBadgeText(details: { text: string; tabId?: number }): Promise<void>;
    function setTitle(details: { title: string; tabId?: number }): Promise<void>;
  }
  namespace scripting {
    function executeScript<Args extends unknown[], Result>(injection: {
      target: { tabId: number };
      func: (...args: Args) => Result;
      args: Args;
    }): Promise<{ result?: Result }[]>;
  }
  namespace storage {
    const local: {
      get(keys: string[]): Promise<Record<string, unknown>>;
      set(items: Record<string, unknown>): Promise<void>;
    };
  }
  namespace i18n {
    function getMessage(name: string, substitutions?: string[]): string;
  }
  namespace runtime {
    function openOptionsPage(): Promise<void>;
  }
}
