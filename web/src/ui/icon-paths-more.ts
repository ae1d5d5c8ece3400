// Every other icon path the app uses, a chunk loaded on the first use of one: the 16px paths not in
// icon-paths-public.ts and the 20px paths not in icon-paths-landing.ts. Add an icon here unless the
// share or landing page draws it (then see those two files).
import type { IconPaths } from '@blueprintjs/icons';
import LogOut16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/log-out';
import ThList16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/th-list';
import Cog16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/cog';
import Share16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/share';
import TrendingDown16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/trending-down';
import TimelineLineChart16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/timeline-line-chart';
import Trash16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/trash';
import EyeOff16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/eye-off';
import AddToArtifact16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/add-to-artifact';
import Globe16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/globe';
import Moon16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/moon';
import Flash16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/flash';
import CaretDown16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/caret-down';
import CaretDown20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/caret-down';
import CaretRight16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/caret-right';
import CaretRight20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/caret-right';
import ChevronUp16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/chevron-up';
import ChevronUp20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/chevron-up';
import ChevronDown16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/chevron-down';
import ChevronDown20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/chevron-down';
import Plus16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/plus';
import Plus20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/plus';
import Wrench16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/wrench';
import Wrench20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/wrench';
import More16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/more';
import DragHandleVertical16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/drag-handle-vertical';
import More20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/more';
import Link16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/link';
import Link20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/link';
import Envelope16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/envelope';
import Envelope20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/envelope';
import Edit16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/edit';
import Edit20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/edit';
import Duplicate16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/duplicate';
import Duplicate20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/duplicate';
import EyeOpen16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/eye-open';
import EyeOpen20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/eye-open';
import Home16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/home';
import Home20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/home';
import Upload16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/upload';
import Upload20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/upload';
import Download16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/download';
import Download20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/download';
import Calendar16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/calendar';
import Calendar20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/calendar';
import ArrowRight16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/arrow-right';
import ArrowRight20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/arrow-right';
import Heart16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/heart';
import Heart20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/heart';
import Dashboard16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/dashboard';
import Dashboard20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/dashboard';
import Th16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/th';
import Th20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/th';
import Document16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/document';
import Document20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/document';
import Key16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/key';
import Key20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/key';
import Database16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/database';
import Database20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/database';
import Chart16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/chart';
import Chart20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/chart';
import Lock16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/lock';
import Lock20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/lock';
import Unlock16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/unlock';
import Unlock20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/unlock';
import Manual16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/manual';
import Manual20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/manual';
import Undo16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/undo';
import Undo20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/undo';
import History16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/history';
import Random16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/random';
import Disable16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/disable';
import Time16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/time';
import Reset16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/reset';
import Person16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/person';
import Add16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/add';
import Notifications20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/notifications';
import History20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/history';
import FloppyDisk16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/floppy-disk';
import FloppyDisk20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/floppy-disk';
import Cross20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/cross';
import SmallCross20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/small-cross';
import ChevronLeft20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/chevron-left';
import ChevronRight20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/chevron-right';
import DoubleCaretVertical20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/double-caret-vertical';
import InfoSign20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/info-sign';
import Tick20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/tick';
import TickCircle20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/tick-circle';
import WarningSign20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/warning-sign';
import Error20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/error';
import User20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/user';
import LogOut20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/log-out';
import ThList20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/th-list';
import Cog20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/cog';
import Trash20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/trash';
import ShoppingCart20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/shopping-cart';
import Menu20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/menu';
import Search20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/search';
import Refresh20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/refresh';
import Offline20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/offline';
import Moon20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/moon';
import Flash20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/flash';

export const MORE_STANDARD_PATHS: Record<string, IconPaths> = {
  'log-out': LogOut16,
  'th-list': ThList16,
  'cog': Cog16,
  'share': Share16,
  'trending-down': TrendingDown16,
  'timeline-line-chart': TimelineLineChart16,
  'trash': Trash16,
  'eye-off': EyeOff16,
  'add-to-artifact': AddToArtifact16,
  'globe': Globe16,
  'moon': Moon16,
  'flash': Flash16,
  'caret-down': CaretDown16,
  'caret-right': CaretRight16,
  'chevron-up': ChevronUp16,
  'chevron-down': ChevronDown16,
  'plus': Plus16,
  'more': More16,
  'wrench': Wrench16,
  'drag-handle-vertical': DragHandleVertical16,
  'link': Link16,
  'envelope': Envelope16,
  'edit': Edit16,
  'duplicate': Duplicate16,
  'eye-open': EyeOpen16,
  'home': Home16,
  'upload': Upload16,
  'download': Download16,
  'calendar': Calendar16,
  'arrow-right': ArrowRight16,
  'heart': Heart16,
  'dashboard': Dashboard16,
  'th': Th16,
  'document': Document16,
  'key': Key16,
  'database': Database16,
  'chart': Chart16,
  'lock': Lock16,
  'unlock': Unlock16,
  'manual': Manual16,
  'undo': Undo16,
  'history': History16,
  'random': Random16,
  'disable': Disable16,
  'time': Time16,
  'reset': Reset16,
  'person': Person16,
  'add': Add16,
  'floppy-disk': FloppyDisk16,
};

export const MORE_LARGE_PATHS: Record<string, IconPaths> = {
  'caret-down': CaretDown20,
  'caret-right': CaretRight20,
  'chevron-up': ChevronUp20,
  'chevron-down': ChevronDown20,
  'plus': Plus20,
  'more': More20,
  'wrench': Wrench20,
  'link': Link20,
  'envelope': Envelope20,
  'edit': Edit20,
  'duplicate': Duplicate20,
  'eye-open': EyeOpen20,
  'home': Home20,
  'upload': Upload20,
  'download': Download20,
  'calendar': Calendar20,
  'arrow-right': ArrowRight20,
  'heart': Heart20,
  'dashboard': Dashboard20,
  'th': Th20,
  'document': Document20,
  'key': Key20,
  'database': Database20,
  'chart': Chart20,
  'lock': Lock20,
  'unlock': Unlock20,
  'manual': Manual20,
  'undo': Undo20,
  'history': History20,
  'notifications': Notifications20,
  'floppy-disk': FloppyDisk20,
  'cross': Cross20,
  'small-cross': SmallCross20,
  'chevron-left': ChevronLeft20,
  'chevron-right': ChevronRight20,
  'double-caret-vertical': DoubleCaretVertical20,
  'info-sign': InfoSign20,
  'tick': Tick20,
  'tick-circle': TickCircle20,
  'warning-sign': WarningSign20,
  'error': Error20,
  'user': User20,
  'log-out': LogOut20,
  'th-list': ThList20,
  'cog': Cog20,
  'trash': Trash20,
  'shopping-cart': ShoppingCart20,
  'menu': Menu20,
  'search': Search20,
  'refresh': Refresh20,
  'offline': Offline20,
  'moon': Moon20,
  'flash': Flash20,
};
