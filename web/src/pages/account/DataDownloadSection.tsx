import { AnchorButton } from '@blueprintjs/core';
import { API_BASE } from '@wishwell/shared/constants';
import { useTranslation } from '../../i18n/react';

/** My Account's data download: everything held about the account, as JSON (GET /users/export). */
export function DataDownloadSection() {
  const { t } = useTranslation();
  return (
    <section className="ww-account-section" aria-labelledby="data-heading">
      <h2 id="data-heading">{t('transfer.dataTitle')}</h2>
      <p className="ww-account-note">{t('transfer.dataNote')}</p>
      <AnchorButton icon="download" href={`${API_BASE}/users/export`} download="wishwell-account.json" text={t('transfer.dataButton')} />
    </section>
  );
}
