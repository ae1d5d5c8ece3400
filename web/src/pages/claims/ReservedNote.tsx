import { Icon } from '@blueprintjs/core';
import { useTranslation } from '../../i18n/react';

/** 'You reserved this — change or undo' on an item this browser reserved. */
export function ReservedNote({ onManage }: { onManage: () => void }) {
  const { t } = useTranslation();
  return (
    <p className="ww-reserved-note">
      <Icon icon="tick-circle" intent="success" />
      {t('share.reserved')}
      <button type="button" className="ww-link-button" onClick={onManage}>
        {t('share.changeOrUndo')}
      </button>
    </p>
  );
}
