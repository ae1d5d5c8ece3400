import { useEffect, useState } from 'react';
import { Card, H3, HTMLTable } from '@blueprintjs/core';
import type { AdminDraw } from '@wishwell/shared/secret-santa-types';
import { api } from '../api/client';
import { useDayFormat } from '../ui/dates';
import { useAdminText } from './admin-text';

/**
 * The admin dashboard's Secret Santa card: that draws happened (organiser, size, dates), never who
 * gives to whom. Its days are the admin's language's (the spec fixes the logs' format, not this card's).
 */
export function AdminDraws() {
  const t = useAdminText();
  const day = useDayFormat();
  const [draws, setDraws] = useState<AdminDraw[] | null>(null);
  useEffect(() => {
    api.get('/admin/draws').then(setDraws, () => setDraws([]));
  }, []);
  if (!draws) return null;
  return (
    <Card className="ww-admin-chart-card" data-testid="santa-draws">
      <H3>{t('dashboard.santaTitle', { count: draws.length })}</H3>
      <p className="ww-admin-empty">{t('dashboard.santaNote')}</p>
      {draws.length === 0 ? null : (
        <HTMLTable compact striped>
          <thead>
            <tr>
              <th>{t('dashboard.santaOrganiser')}</th>
              <th>{t('dashboard.santaPeople')}</th>
              <th>{t('dashboard.santaMade')}</th>
              <th>{t('dashboard.santaDrawn')}</th>
            </tr>
          </thead>
          <tbody>
            {draws.map((draw) => (
              <tr key={draw.id}>
                <td>{draw.organiser}</td>
                <td>{draw.participants}</td>
                <td>{day(draw.createdAt)}</td>
                <td>{draw.drawnAt ? day(draw.drawnAt) : t('dashboard.santaNotDrawn')}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </Card>
  );
}
