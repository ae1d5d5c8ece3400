import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Button, Card, InputGroup, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { circlePath, type CircleSummary } from '@wishwell/shared/circle-types';
import { TEXT_LIMITS } from '@wishwell/shared/text-limits';
import { api } from '../../api/client';
import { Link, useNavigate } from '../../app/routing';
import { usePageTitle } from '../../app/use-page-title';
import { useTranslation } from '../../i18n/react';
import { useAsyncAction } from '../../ui/use-async-action';
import { keepFreshInviteLink } from './fresh-invite-link';
import { joinCircle, joinTokenOf } from './join-circle';
import './circles.css';

/** /circles: my gift circles; make one, or join one with a pasted invite link. */
export default function CirclesPage() {
  const { t } = useTranslation();
  usePageTitle(t('circles.title'));
  const navigate = useNavigate();
  const [circles, setCircles] = useState<CircleSummary[] | null>(null);
  const [name, setName] = useState('');
  const [link, setLink] = useState('');
  const { busy, run } = useAsyncAction();

  const load = useCallback(() => void run(async () => setCircles(await api.get('/circles')), { failure: t('circles.loadFailed') }), [run, t]);
  useEffect(load, [load]);

  const create = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const made = await api.post('/circles', { body: { name } });
      keepFreshInviteLink(made._id, made.inviteLink);
      navigate(circlePath(made._id));
    }, { failure: t('circles.createFailed') });
  };
  const join = async (event: FormEvent) => {
    event.preventDefault();
    navigate(await joinCircle(joinTokenOf(link), t('circles.joinFailed')));
  };

  return (
    <main className="ww-circles">
      <h1>{t('circles.title')}</h1>
      <p className="ww-circles-intro">{t('circles.intro')}</p>
      {!circles ? (
        <Spinner />
      ) : circles.length === 0 ? (
        <NonIdealState icon="people" title={t('circles.empty')} />
      ) : (
        <ul className="ww-circle-list">
          {circles.map((circle) => (
            <li key={circle._id}>
              <Card className="ww-circle-card">
                <Link to={circlePath(circle._id)}>{circle.name}</Link>
                <span className="ww-circle-meta">
                  {t('circles.members', { count: circle.memberCount })}
                  {circle.isCreator && <Tag minimal>{t('circles.creator')}</Tag>}
                </span>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <div className="ww-circle-forms">
        <form onSubmit={create} className="ww-circle-form">
          <h2>{t('circles.create')}</h2>
          <InputGroup aria-label={t('circles.name')} placeholder={t('circles.name')} value={name} maxLength={TEXT_LIMITS.circleName} required onValueChange={setName} />
          <Button type="submit" intent="primary" icon="plus" text={t('circles.create')} loading={busy} />
        </form>
        <form onSubmit={(event) => void join(event)} className="ww-circle-form">
          <h2>{t('circles.joinByLink')}</h2>
          <InputGroup aria-label={t('circles.linkPlaceholder')} placeholder={t('circles.linkPlaceholder')} value={link} required onValueChange={setLink} />
          <Button type="submit" icon="link" text={t('circles.join')} />
        </form>
      </div>
    </main>
  );
}
