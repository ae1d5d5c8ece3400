// The first-launch form (setup.html): runs in the sandboxed setup window, talks only to window.wishwellSetup.
import { SETUP_API_GLOBAL, type SetupApi } from './ipc-channels';

const setup = (window as unknown as Record<string, SetupApi>)[SETUP_API_GLOBAL]!;
const form = document.getElementById('connect') as HTMLFormElement;
const address = document.getElementById('address') as HTMLInputElement;
const message = document.getElementById('message') as HTMLParagraphElement;
const submit = document.getElementById('submit') as HTMLButtonElement;

void setup.current().then((current) => {
  address.value = current;
});

form.addEventListener('submit', async (event) => {
  event.preventDefault();
  submit.disabled = true;
  message.textContent = 'Checking…';
  const result = await setup.connect(address.value);
  submit.disabled = false;
  message.textContent = result.ok ? '' : result.message;
});
