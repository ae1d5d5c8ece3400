// Toasts sit at the foot of the screen (the spec's bottom centre). With a dialog open that could
// cover its fields or buttons, so they rise to just above the lowest of those that leaves every
// one clear (above the footer's buttons, usually), and never over the dialog's title.

const OBSTACLES = 'input, textarea, select, button, [role="slider"], .bp6-dialog-header';
const GAP = 8;

interface Span {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** The open dialog (or alert) in front, if any: the toaster's own overlay is not one. */
function frontDialog(): HTMLElement | null {
  const dialogs = document.querySelectorAll<HTMLElement>('.bp6-overlay-open:not(.ww-toaster) .bp6-dialog');
  return dialogs[dialogs.length - 1] ?? null;
}

function obstaclesIn(dialog: HTMLElement, viewportHeight: number): Span[] {
  return [...dialog.querySelectorAll(OBSTACLES)]
    .map((element) => element.getBoundingClientRect())
    .filter((box) => box.width > 0 && box.bottom > 0 && box.top < viewportHeight);
}

/** How far above the screen's foot the toasts' lowest edge goes so their band covers none of `obstacles`. */
export function toastLift(band: { height: number; left: number; right: number }, obstacles: Span[], viewportHeight: number): number {
  const fits = (bottom: number) =>
    bottom - band.height >= 0 &&
    obstacles.every((box) => box.bottom <= bottom - band.height || box.top >= bottom || box.right <= band.left || box.left >= band.right);
  const candidates = [viewportHeight, ...obstacles.map((box) => box.top - GAP)].filter((bottom) => bottom <= viewportHeight).sort((a, b) => b - a);
  const chosen = candidates.find(fits);
  return chosen === undefined ? 0 : viewportHeight - chosen;
}

function place(root: HTMLElement): void {
  const container = root.querySelector<HTMLElement>('.ww-toaster');
  if (!container) return;
  const dialog = frontDialog();
  const toasts = [...container.querySelectorAll<HTMLElement>('.bp6-toast')];
  if (!dialog || toasts.length === 0) {
    container.style.bottom = '';
    return;
  }
  const paddingBottom = parseFloat(getComputedStyle(container).paddingBottom);
  // offsetHeight, not the box: a toast sliding in is still moved by its transform.
  const height = toasts.reduce((sum, toast) => sum + toast.offsetHeight, 0) + paddingBottom;
  const boxes = toasts.map((toast) => toast.getBoundingClientRect());
  const band = { height, left: Math.min(...boxes.map((box) => box.left)), right: Math.max(...boxes.map((box) => box.right)) };
  container.style.bottom = `${toastLift(band, obstaclesIn(dialog, innerHeight), innerHeight)}px`;
}

/** Places the toasts (rendered inside `root`) whenever one comes or goes, and when the screen or a dialog scrolls or resizes. */
export function keepToastsClear(root: HTMLElement): void {
  let queued = false;
  const schedule = () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      place(root);
    });
  };
  new MutationObserver(schedule).observe(root, { childList: true, subtree: true });
  addEventListener('resize', schedule);
  document.addEventListener('scroll', schedule, { capture: true, passive: true });
}
