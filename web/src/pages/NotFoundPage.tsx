import { NonIdealState } from '@blueprintjs/core';
import { useTranslation } from '../i18n/react';
import { Link } from '../app/routing';
import { usePageTitle } from '../app/use-page-title';

export function NotFoundPage() {
  const { t } = useTranslation();
  usePageTitle(t('notFound.title'));
  return (
    <NonIdealState
      icon="search"
      title={t('notFound.title')}
      description={t('notFound.text')}
      action={<Link to="/">{t('share.goHome')}</Link>}
    />
  );
}
