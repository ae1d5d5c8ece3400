import { useState } from 'react';
import { Button, Card, Tag } from '@blueprintjs/core';
import type { OrganisedDraw } from '@wishwell/shared/secret-santa-types';
import { api, errorMessage } from '../../api/client';
import { useTranslation } from '../../i18n/react';
import { notify } from '../../notifications/notify';
import { drawDetails } from './draw-details';

/** One draw as its organiser sees it: who takes part and who has opened their result, never who gives to whom. */
export function OrganisedDrawCard({ draw, onChange, onGone }: { draw: OrganisedDraw; onChange: (draw: OrganisedDraw) => void; onGone: () => void }) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  const nameOf = (id: string) => draw.participants.find((participant) => participant.id === id)?.name ?? '';
  const act = async (work: () => Promise<void>, success: string) => {
    setBusy(true);
    try {
      await work();
      notify(success, 'success');
    } catch (error) {
      notify(errorMessage(error, t('santa.actionFailed')), 'error');
    } finally {
      setBusy(false);
    }
  };
  const run = () => act(async () => onChange(await api.post('/draws/:id/run', { params: { id: draw.id } })), t('santa.drawnToast'));
  const startOver = () => act(async () => onChange(await api.post('/draws/:id/start-over', { params: { id: draw.id } })), t('santa.startedOver'));
  const remove = () => {
    if (!window.confirm(t('santa.deleteConfirm'))) return;
    void act(async () => {
      await api.delete('/draws/:id', { params: { id: draw.id } });
      onGone();
    }, t('santa.deleted'));
  };
  const opened = draw.participants.filter((participant) => participant.opened).length;

  return (
    <Card className="ww-santa-draw" aria-label={draw.name || t('santa.untitled')}>
      <h2>{draw.name || t('santa.untitled')}</h2>
      <p className="ww-santa-note">{drawDetails(draw, t, i18n.language)}</p>
      <p role="status">{draw.drawnAt ? t('santa.openedCount', { opened, count: draw.participants.length }) : t('santa.notDrawn')}</p>
      <ul className="ww-santa-list">
        {draw.participants.map((participant) => (
          <li key={participant.id}>
            <span>{participant.name}</span> {participant.email ? <span className="ww-santa-note">{participant.email}</span> : null}{' '}
            {draw.drawnAt ? <Tag minimal intent={participant.opened ? 'success' : 'none'}>{participant.opened ? t('santa.opened') : t('santa.notOpened')}</Tag> : null}
          </li>
        ))}
      </ul>
      {draw.exclusions.length > 0 ? (
        <p className="ww-santa-note">{t('santa.exclusionsAre', { pairs: draw.exclusions.map(([a, b]) => t('santa.notEachOther', { first: nameOf(a), second: nameOf(b) })).join('; ') })}</p>
      ) : null}
      {draw.avoidDraw ? <p className="ww-santa-note">{t('santa.avoids', { name: draw.avoidDraw.name || t('santa.untitled') })}</p> : null}
      <p className="ww-santa-note">{t('santa.privacy')}</p>
      <div className="ww-santa-actions">
        {draw.canRedraw ? <Button intent="primary" icon="random" text={draw.drawnAt ? t('santa.redraw') : t('santa.draw')} loading={busy} onClick={() => void run()} /> : null}
        {draw.drawnAt && !draw.canRedraw ? <Button icon="reset" text={t('santa.startOver')} disabled={busy} onClick={() => void startOver()} /> : null}
        <Button intent="danger" variant="outlined" icon="trash" text={t('santa.delete')} disabled={busy} onClick={remove} />
      </div>
    </Card>
  );
}
