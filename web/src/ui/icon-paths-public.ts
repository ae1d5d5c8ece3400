// The 16px and 20px paths of the icons the public pages (landing, share, top bar) show: in the
// first download, so those pages hydrate without waiting for more. Add an icon a public page uses here.
import type { IconPaths } from '@blueprintjs/icons';
import Cross16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/cross';
import Cross20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/cross';
import SmallCross16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/small-cross';
import SmallCross20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/small-cross';
import ChevronLeft16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/chevron-left';
import ChevronLeft20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/chevron-left';
import ChevronRight16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/chevron-right';
import ChevronRight20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/chevron-right';
import DoubleCaretVertical16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/double-caret-vertical';
import DoubleCaretVertical20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/double-caret-vertical';
import InfoSign16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/info-sign';
import InfoSign20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/info-sign';
import Tick16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/tick';
import Tick20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/tick';
import TickCircle16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/tick-circle';
import TickCircle20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/tick-circle';
import WarningSign16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/warning-sign';
import WarningSign20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/warning-sign';
import Error16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/error';
import Error20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/error';
import User16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/user';
import User20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/user';
import LogOut16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/log-out';
import LogOut20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/log-out';
import ThList16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/th-list';
import ThList20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/th-list';
import Cog16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/cog';
import Cog20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/cog';
import Share16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/share';
import Share20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/share';
import Trash16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/trash';
import Trash20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/trash';
import EyeOff16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/eye-off';
import EyeOff20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/eye-off';
import ShoppingCart16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/shopping-cart';
import ShoppingCart20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/shopping-cart';
import Gift16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/gift-box';
import Gift20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/gift-box';
import People16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/people';
import People20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/people';
import Menu16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/menu';
import Menu20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/menu';
import Search16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/search';
import Search20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/search';
import AddToArtifact16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/add-to-artifact';
import AddToArtifact20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/add-to-artifact';
import Globe16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/globe';
import Globe20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/globe';
import Refresh16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/refresh';
import Refresh20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/refresh';
import Offline16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/offline';
import Offline20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/offline';
import Moon16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/moon';
import Moon20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/moon';
import Flash16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/flash';
import Flash20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/flash';

export const PUBLIC_ICON_PATHS: Record<string, [IconPaths, IconPaths]> = {
  'cross': [Cross16, Cross20],
  'small-cross': [SmallCross16, SmallCross20],
  'chevron-left': [ChevronLeft16, ChevronLeft20],
  'chevron-right': [ChevronRight16, ChevronRight20],
  'double-caret-vertical': [DoubleCaretVertical16, DoubleCaretVertical20],
  'info-sign': [InfoSign16, InfoSign20],
  'tick': [Tick16, Tick20],
  'tick-circle': [TickCircle16, TickCircle20],
  'warning-sign': [WarningSign16, WarningSign20],
  'error': [Error16, Error20],
  'user': [User16, User20],
  'log-out': [LogOut16, LogOut20],
  'th-list': [ThList16, ThList20],
  'cog': [Cog16, Cog20],
  'share': [Share16, Share20],
  'trash': [Trash16, Trash20],
  'eye-off': [EyeOff16, EyeOff20],
  'shopping-cart': [ShoppingCart16, ShoppingCart20],
  'gift-box': [Gift16, Gift20],
  'people': [People16, People20],
  'menu': [Menu16, Menu20],
  'search': [Search16, Search20],
  'add-to-artifact': [AddToArtifact16, AddToArtifact20],
  'globe': [Globe16, Globe20],
  'refresh': [Refresh16, Refresh20],
  'offline': [Offline16, Offline20],
  'moon': [Moon16, Moon20],
  'flash': [Flash16, Flash20],
};
