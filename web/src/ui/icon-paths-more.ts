// The 16px and 20px paths of every other icon the app uses: a chunk loaded on the first use of one.
// Add an icon here (or in icon-paths-public.ts if a public page shows it).
import type { IconPaths } from '@blueprintjs/icons';
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
import More16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/more';
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
import FloppyDisk16 from '@blueprintjs/icons/lib/esm/generated/16px/paths/floppy-disk';
import FloppyDisk20 from '@blueprintjs/icons/lib/esm/generated/20px/paths/floppy-disk';

export const MORE_ICON_PATHS: Record<string, [IconPaths, IconPaths]> = {
  'caret-down': [CaretDown16, CaretDown20],
  'caret-right': [CaretRight16, CaretRight20],
  'chevron-up': [ChevronUp16, ChevronUp20],
  'chevron-down': [ChevronDown16, ChevronDown20],
  'plus': [Plus16, Plus20],
  'more': [More16, More20],
  'link': [Link16, Link20],
  'envelope': [Envelope16, Envelope20],
  'edit': [Edit16, Edit20],
  'duplicate': [Duplicate16, Duplicate20],
  'eye-open': [EyeOpen16, EyeOpen20],
  'home': [Home16, Home20],
  'upload': [Upload16, Upload20],
  'download': [Download16, Download20],
  'calendar': [Calendar16, Calendar20],
  'arrow-right': [ArrowRight16, ArrowRight20],
  'heart': [Heart16, Heart20],
  'dashboard': [Dashboard16, Dashboard20],
  'th': [Th16, Th20],
  'document': [Document16, Document20],
  'key': [Key16, Key20],
  'database': [Database16, Database20],
  'chart': [Chart16, Chart20],
  'lock': [Lock16, Lock20],
  'unlock': [Unlock16, Unlock20],
  'manual': [Manual16, Manual20],
  'undo': [Undo16, Undo20],
  'floppy-disk': [FloppyDisk16, FloppyDisk20],
};
