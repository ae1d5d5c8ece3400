import { loadSettings, saveSettings, serverOrigin } from './settings';

const form = document.querySelector<HTMLFormElement>('#options')!;
const server = document.querySelector<HTMLInputElement>('#server')!;
const token = document.querySelector<HTMLInputElement>('#token')!;
const status = document.querySelector<HTMLElement>('#status')!;

void loadSettings().then((saved) => {
  server.value ||= saved?.server ?? '';
  token.value ||= saved?.token ?? '';
});

form.addEventListener('submit', (event) => {
  event.preventDefault();
  const origin = serverOrigin(server.value);
  if (!origin) {
    status.textContent = 'The address must start with http:// or https://.';
    return;
  }
  void saveSettings({ server: origin, token: token.value.trim() }).then(() => {
    server.value = origin;
    status.textContent = 'Saved. Click the Add to Wishwell button on any product page.';
  });
});
