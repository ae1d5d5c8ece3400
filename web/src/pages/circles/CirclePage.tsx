import { useCallback, useEffect, useState } from 'react';
import { Button, Card, Spinner, Tag } from '@blueprintjs/core';
import type { Circle, CircleMember } from '@wishwell/shared/circle-types';
import { api } from '../../api/client';
import { useNavigate, useParams } from '../../app/routing';
import { usePageTitle } from '../../app/use-page-title';
import { useTranslation } from '../../i18n/react';
import { useSession } from '../../session/SessionProvider';
import { useAsyncAction } from '../../ui/use-async-action';
import { CircleDraws } from './CircleDraws';
import { CircleListCard } from './CircleListCard';
import { CreatorTools } from './CreatorTools';
import { takeFreshInviteLink } from './fresh-invite-link';
import { MyListsPicker } from './MyListsPicker';
import './circles.css';

/** /circles/{id}: every member with the lists they share, the soonest event first; my lists' choice; the creator's tools. */
export default function CirclePage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { user } = useSession();
  const navigate = useNavigate();
  const [circle, setCircle] = useState<Circle | null>(null);
  // Only the answer that made the link holds it: kept while the page is open.
  const [inviteLink, setInviteLink] = useState(() => takeFreshInviteLink(id));
  const changed = useCallback((next: Circle) => {
    setCircle(next);
    if (next.inviteLink) setInviteLink(next.inviteLink);
  }, []);
  const { run } = useAsyncAction();
  usePageTitle(circle?.name ?? t('circles.title'));

  const reload = useCallback(() => void run(async () => setCircle(await api.get('/circles/:id', { params: { id } })), { failure: t('circles.loadFailed') }), [id, run, t]);
  useEffect(reload, [reload]);

  const leave = () =>
    void run(async () => {
      await api.post('/circles/:id/leave', { params: { id } });
      navigate('/circles');
    }, { failure: t('circles.leaveFailed'), success: t('circles.left') });

  if (!circle) return <Spinner className="ww-page-spinner" />;
  return (
    <main className="ww-circles">
      <div className="ww-page-heading">
        <h1>{circle.name}</h1>
        <div className="ww-page-heading-actions">
          <Button icon="log-out" text={t('circles.leave')} onClick={leave} />
        </div>
      </div>
      {circle.isCreator && <CreatorTools circle={circle} inviteLink={inviteLink} onChanged={changed} />}
      <MyListsPicker circle={circle} onChanged={changed} />
      <CircleDraws circle={circle} />
      <ul className="ww-circle-members">
        {circle.members.map((member) => (
          <li key={member._id}>
            <MemberCard circle={circle} member={member} isMe={member._id === user?._id} onChanged={changed} onReload={reload} />
          </li>
        ))}
      </ul>
    </main>
  );
}

function MemberCard({ circle, member, isMe, onChanged, onReload }: { circle: Circle; member: CircleMember; isMe: boolean; onChanged: (circle: Circle) => void; onReload: () => void }) {
  const { t } = useTranslation();
  const { run } = useAsyncAction();
  const params = { id: circle._id, userId: member._id };
  const remove = () => void run(async () => onChanged(await api.delete('/circles/:id/members/:userId', { params })), { failure: t('circles.changeFailed') });
  const handOver = () =>
    void run(async () => onChanged(await api.put('/circles/:id/creator', { params: { id: circle._id }, body: { userId: member._id } })), {
      failure: t('circles.changeFailed'),
      success: t('circles.handedOver', { name: member.name }),
    });
  return (
    <Card className="ww-circle-member" data-testid="circle-member">
      <div className="ww-circle-member-head">
        <h2>
          {isMe ? t('circles.you', { name: member.name }) : member.name}
          {member.isCreator && (
            <Tag minimal className="ww-circle-tag">
              {t('circles.creator')}
            </Tag>
          )}
        </h2>
        {circle.isCreator && !isMe && (
          <div className="ww-circle-member-actions">
            <Button variant="minimal" size="small" text={t('circles.handOver')} onClick={handOver} />
            <Button variant="minimal" size="small" intent="danger" text={t('circles.remove')} onClick={remove} />
          </div>
        )}
      </div>
      {member.lists.length === 0 ? (
        <p className="ww-circle-muted">{t('circles.noSharedLists')}</p>
      ) : (
        member.lists.map((list) => <CircleListCard key={list._id} list={list} isMine={isMe} onChanged={onReload} />)
      )}
    </Card>
  );
}
