import { useEffect, useState } from 'react';
import { Spinner } from '@blueprintjs/core';
import type { DrawResult } from '@wishwell/shared/secret-santa-types';
import { api, errorMessage } from '../../api/client';
import { Link, useParams } from '../../app/routing';
import { useTranslation } from '../../i18n/react';
import { AccountCard } from '../account/AccountForm';
import { ResultView } from './ResultView';

/**
 * A participant's result: /santa/result/{token} (the mailed link, no account needed) or
 * /santa/draws/{id} (signed in with the participant's e-mail).
 */
export default function SantaResultPage() {
  const { t } = useTranslation();
  const { token, id } = useParams();
  const [loaded, setLoaded] = useState<DrawResult | { problem: string } | null>(null);
  useEffect(() => {
    const request = token ? api.get('/draws/result/:token', { params: { token } }) : api.get('/draws/:id/result', { params: { id: id ?? '' } });
    request.then(setLoaded, (error: unknown) => setLoaded({ problem: errorMessage(error, t('santa.loadFailed')) }));
  }, [token, id, t]);
  if (!loaded) return <Spinner className="ww-page-spinner" />;
  if ('problem' in loaded) {
    return (
      <AccountCard title={t('santa.title')}>
        <p className="ww-account-note" role="status">{loaded.problem}</p>
        <div className="ww-account-links">
          <Link to="/">{t('share.goHome')}</Link>
        </div>
      </AccountCard>
    );
  }
  return <ResultView initial={loaded} />;
}
