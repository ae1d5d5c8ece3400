// The 16px paths of the icons the public pages (landing, share, top bar) show, in the first download
// so those pages hydrate without waiting for more. Add an icon a public page uses here; its 20px
// paths (Blueprint draws icons of 20 px and larger from them) go in icon-paths-more.ts, or in
// icon-paths-landing.ts if the landing page shows it large.
import type { IconPaths } from '@blueprintjs/icons';
import Cross16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/cross';
import SmallCross16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/small-cross';
import ChevronLeft16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/chevron-left';
import ChevronRight16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/chevron-right';
import DoubleCaretVertical16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/double-caret-vertical';
import InfoSign16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/info-sign';
import Tick16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/tick';
import TickCircle16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/tick-circle';
import WarningSign16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/warning-sign';
import Error16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/error';
import User16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/user';
import LogOut16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/log-out';
import ThList16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/th-list';
import Cog16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/cog';
import Share16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/share';
import Trash16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/trash';
import EyeOff16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/eye-off';
import ShoppingCart16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/shopping-cart';
import Gift16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/gift-box';
import People16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/people';
import Menu16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/menu';
import Search16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/search';
import AddToArtifact16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/add-to-artifact';
import Globe16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/globe';
import Refresh16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/refresh';
import Offline16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/offline';
import Moon16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/moon';
import Flash16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/flash';

export const PUBLIC_STANDARD_PATHS: Record<string, IconPaths> = {
  'cross': Cross16,
  'small-cross': SmallCross16,
  'chevron-left': ChevronLeft16,
  'chevron-right': ChevronRight16,
  'double-caret-vertical': DoubleCaretVertical16,
  'info-sign': InfoSign16,
  'tick': Tick16,
  'tick-circle': TickCircle16,
  'warning-sign': WarningSign16,
  'error': Error16,
  'user': User16,
  'log-out': LogOut16,
  'th-list': ThList16,
  'cog': Cog16,
  'share': Share16,
  'trash': Trash16,
  'eye-off': EyeOff16,
  'shopping-cart': ShoppingCart16,
  'gift-box': Gift16,
  'people': People16,
  'menu': Menu16,
  'search': Search16,
  'add-to-artifact': AddToArtifact16,
  'globe': Globe16,
  'refresh': Refresh16,
  'offline': Offline16,
  'moon': Moon16,
  'flash': Flash16,
};
