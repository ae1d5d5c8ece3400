import { loadSettings, saveSettings, serverOrigin } from './settings';

const form = document.querySelector<HTMLFormElement>('#options')!;
const server = document.querySelector<HTMLInputElement>('#server')!;
const token = document.querySelector<HTMLInputElement>('#token')!;
const status = document.querySelector<HTMLElement>('#status')!;

// The texts in the browser's language (_locales/, written from locales/ by the build).
document.documentElement.lang = chrome.i18n.getMessage('@@ui_locale').replace('_', '-');
for (const element of document.querySelectorAll<HTMLElement>('[data-text]')) element.textContent = chrome.i18n.getMessage(element.dataset.text!);

void loadSettings().then((saved) => {
  server.value ||= saved?.server ?? '';
  token.value ||= saved?.token ?? '';
});

form.addEventListener('submit', (event) => {
  event.preventDefault();
  const origin = serverOrigin(server.value);
  if (!origin) {
    status.textContent = chrome.i18n.getMessage('badAddress');
    return;
  }
  void saveSettings({ server: origin, token: token.value.trim() }).then(() => {
    server.value = origin;
    status.textContent = chrome.i18n.getMessage('saved');
  });
});
