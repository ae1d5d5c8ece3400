import { useEffect, useState } from 'react';
import { Button, Card, Spinner } from '@blueprintjs/core';
import type { MyDraws, OrganisedDraw } from '@wishwell/shared/secret-santa-types';
import { api, errorMessage } from '../../api/client';
import { Link, useSearchParams } from '../../app/routing';
import { usePageTitle } from '../../app/use-page-title';
import { useTranslation } from '../../i18n/react';
import { notify } from '../../notifications/notify';
import { DrawForm } from './DrawForm';
import { OrganisedDrawCard } from './OrganisedDrawCard';
import './santa.css';

/** /santa: make a Secret Santa draw, draw the names, see who has opened their result; the draws you take part in. */
export default function SantaPage() {
  const { t } = useTranslation();
  usePageTitle(t('santa.title'));
  const [mine, setMine] = useState<MyDraws | null>(null);
  const [shown, setShown] = useState<OrganisedDraw | null>(null);
  const reload = () => api.get('/draws').then(setMine, (error: unknown) => notify(errorMessage(error, t('santa.loadFailed')), 'error'));
  useEffect(() => void reload(), []); // eslint-disable-line react-hooks/exhaustive-deps
  const show = (draw: OrganisedDraw) => {
    setShown(draw);
    void reload();
  };
  const open = (id: string) => api.get('/draws/:id', { params: { id } }).then(setShown, (error: unknown) => notify(errorMessage(error, t('santa.loadFailed')), 'error'));
  // /santa?draw={id}: one of my draws opened from elsewhere (a circle's page).
  const [search] = useSearchParams();
  const linked = search.get('draw');
  useEffect(() => void (linked && open(linked)), [linked]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <div className="ww-santa">
      <div className="ww-page-heading">
        <h1>{t('santa.title')}</h1>
      </div>
      <p className="ww-santa-intro">{t('santa.intro')}</p>
      <div className="ww-santa-columns">
        <Card className="ww-santa-new">
          <h2>{t('santa.newDraw')}</h2>
          <DrawForm onCreated={show} draws={mine} />
        </Card>
        <div className="ww-santa-side">
          {shown ? <OrganisedDrawCard key={shown.id} draw={shown} onChange={show} onGone={() => { setShown(null); void reload(); }} /> : null}
          {!mine ? (
            <Spinner />
          ) : (
            <>
              <Card>
                <h2>{t('santa.yourDraws')}</h2>
                {mine.organised.length === 0 ? <p className="ww-santa-note">{t('santa.noDraws')}</p> : null}
                <ul className="ww-santa-list">
                  {mine.organised.map((draw) => (
                    <li key={draw.id}>
                      <Button variant="minimal" text={draw.name || t('santa.untitled')} onClick={() => void open(draw.id)} />{' '}
                      <span className="ww-santa-note">{draw.drawnAt ? t('santa.drawnOn', { count: draw.participants }) : t('santa.people', { count: draw.participants })}</span>
                    </li>
                  ))}
                </ul>
              </Card>
              {mine.takingPart.length > 0 ? (
                <Card>
                  <h2>{t('santa.takingPart')}</h2>
                  <ul className="ww-santa-list">
                    {mine.takingPart.map((draw) => (
                      <li key={draw.id}>
                        <Link to={`/santa/draws/${draw.id}`}>{draw.name || t('santa.untitled')}</Link> <span className="ww-santa-note">{t('santa.organisedBy', { name: draw.organiser })}</span>
                      </li>
                    ))}
                  </ul>
                </Card>
              ) : null}
            </>
          )}
        </div>
      </div>
    </div>
  );
}
