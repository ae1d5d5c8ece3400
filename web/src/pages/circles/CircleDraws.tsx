import { useEffect, useState } from 'react';
import { Button, Card, Dialog, DialogBody } from '@blueprintjs/core';
import type { Circle } from '@wishwell/shared/circle-types';
import type { CircleDraw } from '@wishwell/shared/secret-santa-types';
import { api } from '../../api/client';
import { Link, useNavigate } from '../../app/routing';
import type { TFunction } from '../../i18n/i18n';
import { useTranslation } from '../../i18n/react';
import { useAsyncAction } from '../../ui/use-async-action';
import { drawDay } from '../santa/draw-details';
import { DrawForm } from '../santa/DrawForm';
import '../santa/santa.css';

/** Where a draw opens for the caller: the organiser's page of it, else their own result. */
const drawPath = (draw: CircleDraw) => (draw.mine ? `/santa?draw=${draw.id}` : `/santa/draws/${draw.id}`);

/**
 * The circle's Secret Santa draws, each its name (a link for the organiser and those in it) over its
 * status (opened counts for the organiser's own), and "Draw names": the draw form with the members in it.
 */
export function CircleDraws({ circle }: { circle: Circle }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { run } = useAsyncAction();
  const [draws, setDraws] = useState<CircleDraw[] | null>(null);
  const [drawing, setDrawing] = useState(false);
  useEffect(() => void run(async () => setDraws(await api.get('/circles/:id/draws', { params: { id: circle._id } })), { failure: t('santa.loadFailed') }), [circle._id, run, t]);
  const members = circle.members.map((member) => ({ id: member._id, name: member.name }));

  return (
    <Card className="ww-circle-draws">
      <div className="ww-circle-card">
        <h2>{t('santa.title')}</h2>
        <Button icon="random" intent="primary" className="ww-accent-button" text={t('circles.drawNames')} onClick={() => setDrawing(true)} />
      </div>
      {draws?.length === 0 ? <p className="ww-circle-muted">{t('circles.noDraws')}</p> : null}
      {draws && draws.length > 0 ? (
        <ul className="ww-circle-list">
          {draws.map((draw) => (
            <li key={draw.id} className="ww-circle-draw">
              {draw.mine || draw.takingPart ? <Link to={drawPath(draw)}>{draw.name || t('santa.untitled')}</Link> : <span>{draw.name || t('santa.untitled')}</span>}
              <span className="ww-circle-muted ww-circle-draw-status">{drawStatus(draw, t, i18n.language)}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <Dialog isOpen={drawing} onClose={() => setDrawing(false)} title={t('circles.drawIn', { name: circle.name })} className="ww-circle-draw-dialog">
        <DialogBody>
          <DrawForm circle={{ id: circle._id, members }} onCreated={(draw) => navigate(`/santa?draw=${draw.id}`)} />
        </DialogBody>
      </Dialog>
    </Card>
  );
}

/** "made before you joined · drawn, 4 people · on 24 December 2026": whether the caller is in it, how far it is, its day. */
function drawStatus(draw: CircleDraw, t: TFunction, language: string): string {
  const count = draw.participants;
  const place = draw.mine || draw.takingPart ? null : t(draw.joinedAfter ? 'circles.drawBeforeYouJoined' : 'circles.drawWithoutYou');
  const state = !draw.drawnAt
    ? [t('circles.drawPending'), t('santa.people', { count })]
    : [draw.opened === null ? t('santa.drawnOn', { count }) : t('circles.drawOpened', { opened: draw.opened, count })];
  return [place, ...state, draw.date ? drawDay(draw.date, t, language) : null].filter(Boolean).join(' · ');
}
