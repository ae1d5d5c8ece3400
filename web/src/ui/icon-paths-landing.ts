// The 20px paths of the icons the landing page shows large (28 px): a small chunk the landing page
// loads beside the first download, so the share page does not carry them.
import type { IconPaths } from '@blueprintjs/icons';
import Share20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/share';
import EyeOff20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/eye-off';
import Gift20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/gift-box';
import People20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/people';
import AddToArtifact20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/add-to-artifact';
import Globe20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/globe';

export const LANDING_LARGE_PATHS: Record<string, IconPaths> = {
  'share': Share20,
  'eye-off': EyeOff20,
  'gift-box': Gift20,
  'people': People20,
  'add-to-artifact': AddToArtifact20,
  'globe': Globe20,
};
