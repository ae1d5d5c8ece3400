import { MenuDivider, MenuItem } from '@blueprintjs/core';
import { API_BASE } from '@wishwell/shared/constants';
import { useTranslation } from '../../../i18n/react';

const exportUrl = (wishlistId: string, format: 'json' | 'csv') => `${API_BASE}/wishlists/${encodeURIComponent(wishlistId)}/export?format=${format}`;

/** Export as JSON (re-importable) or CSV (spreadsheets): plain links, the server answers with a download. */
export function ExportMenuItems({ wishlistId }: { wishlistId: string }) {
  const { t } = useTranslation();
  return (
    <>
      <MenuDivider title={t('transfer.export')} />
      <MenuItem icon="download" text={t('transfer.exportJson')} href={exportUrl(wishlistId, 'json')} download />
      <MenuItem icon="th" text={t('transfer.exportCsv')} href={exportUrl(wishlistId, 'csv')} download />
    </>
  );
}
