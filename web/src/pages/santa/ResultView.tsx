import { useState } from 'react';
import { Button, Callout, Card, HTMLSelect, InputGroup, TextArea } from '@blueprintjs/core';
import { DRAW_QUESTION_MAX, type DrawQuestion, type DrawResult } from '@wishwell/shared/secret-santa-types';
import { sharePath, type WishlistSummary } from '@wishwell/shared/wishlist-types';
import { api, errorMessage } from '../../api/client';
import { useAnswer } from '../../api/use-answer';
import { Link } from '../../app/routing';
import { usePageTitle } from '../../app/use-page-title';
import { useTranslation } from '../../i18n/react';
import { notify } from '../../notifications/notify';
import { useSession } from '../../session/SessionProvider';
import { drawDetails } from './draw-details';
import './santa.css';

/** A participant's own result: whom they give to and that person's list, their own list for their giver, and the anonymous questions. */
export function ResultView({ initial }: { initial: DrawResult }) {
  const { t, i18n } = useTranslation();
  const [result, setResult] = useState(initial);
  const title = result.drawName || t('santa.untitled');
  usePageTitle(title);
  const token = result.token;
  const call = async (work: () => Promise<DrawResult>, success: string) => {
    try {
      setResult(await work());
      notify(success, 'success');
      return true;
    } catch (error) {
      notify(errorMessage(error, t('santa.actionFailed')), 'error');
      return false;
    }
  };
  const recipient = result.recipient;
  const details = drawDetails(result, t, i18n.language);

  return (
    <div className="ww-santa ww-santa-result">
      <Card>
        <h1>{title}</h1>
        <p className="ww-santa-note">{t('santa.organisedBy', { name: result.organiser })}</p>
        {recipient ? (
          <p className="ww-santa-giftee">
            {t('santa.youGiveTo')} <strong>{recipient.name}</strong>
          </p>
        ) : (
          <Callout>{t('santa.notDrawnYet')}</Callout>
        )}
        {details ? <p>{details}</p> : null}
        {recipient ? (
          <p>
            {recipient.list ? (
              <Link to={sharePath(recipient.list.id)}>{t('santa.theirList', { name: recipient.name, list: recipient.list.name })}</Link>
            ) : (
              <span className="ww-santa-note">{t('santa.noListYet', { name: recipient.name })}</span>
            )}
          </p>
        ) : null}
      </Card>
      <YourList result={result} onSave={(link) => call(() => api.put('/draws/result/:token/list', { params: { token }, body: { link } }), t('santa.listSaved'))} />
      {recipient ? (
        <Card>
          <h2>{t('santa.askTitle', { name: recipient.name })}</h2>
          <p className="ww-santa-note">{t('santa.askHelp')}</p>
          <TextBox label={t('santa.yourQuestion')} button={t('santa.ask')} onSend={(text) => call(() => api.post('/draws/result/:token/questions', { params: { token }, body: { text } }), t('santa.asked'))} />
          <Questions items={result.asked} empty={null} />
        </Card>
      ) : null}
      <Card>
        <h2>{t('santa.questionsForYou')}</h2>
        <p className="ww-santa-note">{t('santa.questionsForYouHelp')}</p>
        <Questions
          items={result.askedOfYou}
          empty={t('santa.noQuestions')}
          answer={(question, text) => call(() => api.put('/draws/result/:token/answers/:questionId', { params: { token, questionId: question.id }, body: { text } }), t('santa.answered'))}
        />
      </Card>
    </div>
  );
}

function YourList({ result, onSave }: { result: DrawResult; onSave: (link: string | null) => Promise<boolean> }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const lists = useAnswer(() => (user ? api.get('/wishlists').catch((): WishlistSummary[] => []) : Promise.resolve([])), [user]) ?? [];
  const [link, setLink] = useState('');
  return (
    <Card>
      <h2>{t('santa.yourList')}</h2>
      <p className="ww-santa-note">{result.you.list ? t('santa.yourListIs', { list: result.you.list.name }) : t('santa.yourListHelp')}</p>
      {lists.length > 0 ? (
        <HTMLSelect aria-label={t('santa.pickList')} value="" onChange={(event) => void onSave(event.currentTarget.value)}>
          <option value="">{t('santa.pickList')}</option>
          {lists.map((list) => (
            <option key={list._id} value={list._id}>{list.name}</option>
          ))}
        </HTMLSelect>
      ) : null}
      <div className="ww-santa-pair">
        <InputGroup aria-label={t('santa.listLink')} placeholder={t('santa.listLink')} value={link} onValueChange={setLink} />
        <Button text={t('santa.attach')} disabled={!link.trim()} onClick={() => void onSave(link).then((saved) => saved && setLink(''))} />
        {result.you.list ? <Button variant="minimal" text={t('santa.detach')} onClick={() => void onSave(null)} /> : null}
      </div>
    </Card>
  );
}

function TextBox({ label, button, onSend }: { label: string; button: string; onSend: (text: string) => Promise<boolean> }) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const send = async () => {
    setBusy(true);
    if (await onSend(text)) setText('');
    setBusy(false);
  };
  return (
    <div className="ww-santa-textbox">
      <TextArea aria-label={label} placeholder={label} fill maxLength={DRAW_QUESTION_MAX} value={text} onChange={(event) => setText(event.currentTarget.value)} />
      <Button intent="primary" text={button} loading={busy} disabled={!text.trim()} onClick={() => void send()} />
    </div>
  );
}

function Questions({ items, empty, answer }: { items: DrawQuestion[]; empty: string | null; answer?: (question: DrawQuestion, text: string) => Promise<boolean> }) {
  const { t } = useTranslation();
  if (items.length === 0) return empty ? <p className="ww-santa-note">{empty}</p> : null;
  return (
    <ul className="ww-santa-questions">
      {items.map((question) => (
        <li key={question.id}>
          <p className="ww-santa-question">{question.question}</p>
          {question.answer ? (
            <p className="ww-santa-answer">{t('santa.answer', { answer: question.answer })}</p>
          ) : answer ? (
            <TextBox label={t('santa.yourAnswer')} button={t('santa.sendAnswer')} onSend={(text) => answer(question, text)} />
          ) : (
            <p className="ww-santa-note">{t('santa.noAnswerYet')}</p>
          )}
        </li>
      ))}
    </ul>
  );
}
