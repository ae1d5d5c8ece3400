// The 16px paths of the icons the share page, the top bar and the toasts draw at 16 px, in the first
// download so those pages hydrate without waiting for more (an icon in the server's markup that is
// not here is loaded before hydration, one request later). Add such an icon here; its 20px paths
// (Blueprint draws icons of 20 px and larger from them) go in icon-paths-more.ts, or in
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
import Notifications16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/notifications';
import ShoppingCart16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/shopping-cart';
import Gift16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/gift-box';
import People16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/people';
import Menu16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/menu';
import Search16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/search';
import Refresh16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/refresh';
import Offline16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/offline';

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
  'notifications': Notifications16,
  'shopping-cart': ShoppingCart16,
  'gift-box': Gift16,
  'people': People16,
  'menu': Menu16,
  'search': Search16,
  'refresh': Refresh16,
  'offline': Offline16,
};
