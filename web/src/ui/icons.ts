// Blueprint loads icon paths on demand; this loader serves the icons the app uses from the bundle
// instead of Blueprint's default per-icon dynamic imports (which Bun's bundler cannot split).
// Add an icon: import its 16px and 20px paths below and list it in ICON_PATHS.
import { Icons, IconSize, type IconName, type IconPaths } from '@blueprintjs/icons';
import Cross16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/cross';
import Cross20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/cross';
import SmallCross16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/small-cross';
import SmallCross20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/small-cross';
import CaretDown16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/caret-down';
import CaretDown20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/caret-down';
import CaretRight16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/caret-right';
import CaretRight20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/caret-right';
import ChevronUp16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/chevron-up';
import ChevronUp20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/chevron-up';
import ChevronDown16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/chevron-down';
import ChevronDown20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/chevron-down';
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
import Plus16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/plus';
import Plus20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/plus';
import More16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/more';
import More20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/more';
import Link16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/link';
import Link20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/link';
import Share16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/share';
import Share20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/share';
import Envelope16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/envelope';
import Envelope20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/envelope';
import Edit16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/edit';
import Edit20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/edit';
import Trash16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/trash';
import Trash20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/trash';
import Duplicate16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/duplicate';
import Duplicate20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/duplicate';
import EyeOpen16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/eye-open';
import EyeOpen20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/eye-open';
import EyeOff16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/eye-off';
import EyeOff20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/eye-off';
import ShoppingCart16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/shopping-cart';
import ShoppingCart20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/shopping-cart';
import Gift16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/gift-box';
import Gift20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/gift-box';
import Home16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/home';
import Home20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/home';
import People16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/people';
import People20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/people';
import Menu16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/menu';
import Menu20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/menu';
import Search16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/search';
import Search20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/search';
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
import AddToArtifact16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/add-to-artifact';
import AddToArtifact20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/add-to-artifact';
import Dashboard16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/dashboard';
import Dashboard20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/dashboard';
import Th16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/th';
import Th20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/th';
import Document16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/document';
import Document20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/document';
import Globe16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/globe';
import Globe20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/globe';
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
import Refresh16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/refresh';
import Refresh20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/refresh';
import Manual16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/manual';
import Manual20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/manual';
import Offline16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/offline';
import Offline20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/offline';
import Moon16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/moon';
import Moon20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/moon';
import Flash16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/flash';
import Flash20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/flash';
import Undo16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/undo';
import Undo20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/undo';
import FloppyDisk16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/floppy-disk';
import FloppyDisk20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/floppy-disk';

const ICON_PATHS: Partial<Record<IconName, [IconPaths, IconPaths]>> = {
  'cross': [Cross16, Cross20],
  'small-cross': [SmallCross16, SmallCross20],
  'caret-down': [CaretDown16, CaretDown20],
  'caret-right': [CaretRight16, CaretRight20],
  'chevron-up': [ChevronUp16, ChevronUp20],
  'chevron-down': [ChevronDown16, ChevronDown20],
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
  'plus': [Plus16, Plus20],
  'more': [More16, More20],
  'link': [Link16, Link20],
  'share': [Share16, Share20],
  'envelope': [Envelope16, Envelope20],
  'edit': [Edit16, Edit20],
  'trash': [Trash16, Trash20],
  'duplicate': [Duplicate16, Duplicate20],
  'eye-open': [EyeOpen16, EyeOpen20],
  'eye-off': [EyeOff16, EyeOff20],
  'shopping-cart': [ShoppingCart16, ShoppingCart20],
  'gift-box': [Gift16, Gift20],
  'home': [Home16, Home20],
  'people': [People16, People20],
  'menu': [Menu16, Menu20],
  'search': [Search16, Search20],
  'upload': [Upload16, Upload20],
  'download': [Download16, Download20],
  'calendar': [Calendar16, Calendar20],
  'arrow-right': [ArrowRight16, ArrowRight20],
  'heart': [Heart16, Heart20],
  'add-to-artifact': [AddToArtifact16, AddToArtifact20],
  'dashboard': [Dashboard16, Dashboard20],
  'th': [Th16, Th20],
  'document': [Document16, Document20],
  'globe': [Globe16, Globe20],
  'key': [Key16, Key20],
  'database': [Database16, Database20],
  'chart': [Chart16, Chart20],
  'lock': [Lock16, Lock20],
  'unlock': [Unlock16, Unlock20],
  'refresh': [Refresh16, Refresh20],
  'manual': [Manual16, Manual20],
  'offline': [Offline16, Offline20],
  'moon': [Moon16, Moon20],
  'flash': [Flash16, Flash20],
  'undo': [Undo16, Undo20],
  'floppy-disk': [FloppyDisk16, FloppyDisk20],
};

/** Serves the icons from the bundle; resolves once every one is loaded (a hydrating page needs them at once). */
export async function registerIcons(): Promise<void> {
  Icons.setLoaderOptions({
    loader: async (name, size) => {
      const paths = ICON_PATHS[name];
      if (!paths) return [];
      return size >= IconSize.LARGE ? paths[1] : paths[0];
    },
  });
  const names = Object.keys(ICON_PATHS) as IconName[];
  await Promise.all([Icons.load(names, IconSize.STANDARD), Icons.load(names, IconSize.LARGE)]);
}
