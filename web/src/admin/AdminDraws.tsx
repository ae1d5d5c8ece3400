import { Card, H3 } from '@blueprintjs/core';
import type { AdminDraw } from '@wishwell/shared/secret-santa-types';
import { api } from '../api/client';
import { useAnswer } from '../api/use-answer';
import { useTranslation } from '../i18n/react';
import { dayLocale } from '../ui/dates';
import { useAdminText } from './admin-text';
import { AdminTable, type AdminColumn } from './AdminTable';
import { EmailAddress } from './EmailAddress';

/**
 * The admin dashboard's Secret Santa card: that draws happened (organiser, size, dates), never who
 * gives to whom; a table, or cards on a phone, as the console's lists. Its days are the admin's
 * language's (the spec fixes the logs' date format, not this card's).
 */
export function AdminDraws() {
  const t = useAdminText();
  const { i18n } = useTranslation();
  const days = new Intl.DateTimeFormat(dayLocale(i18n.language), { dateStyle: 'medium' });
  const day = (iso: string) => days.format(new Date(iso));
  const columns: AdminColumn<AdminDraw>[] = [
    { label: t('dashboard.santaOrganiser'), render: (draw) => <EmailAddress address={draw.organiser} /> },
    { label: t('dashboard.santaPeople'), render: (draw) => draw.participants },
    { label: t('dashboard.santaMade'), render: (draw) => day(draw.createdAt), nowrap: true },
    { label: t('dashboard.santaDrawn'), render: (draw) => (draw.drawnAt ? day(draw.drawnAt) : t('dashboard.santaNotDrawn')), nowrap: true },
  ];
  const draws = useAnswer(() => api.get('/admin/draws').catch((): AdminDraw[] => []), []);
  if (!draws) return null;
  return (
    <Card className="ww-admin-chart-card" data-testid="santa-draws">
      <H3>{t('dashboard.santaTitle', { count: draws.length })}</H3>
      <p className="ww-admin-empty">{t('dashboard.santaNote')}</p>
      {draws.length > 0 && <AdminTable columns={columns} rows={draws.map((draw) => ({ ...draw, _id: draw.id }))} loading={false} emptyText="" />}
    </Card>
  );
}
