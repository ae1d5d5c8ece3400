import { useState, type FormEvent } from 'react';
import { Button, FormGroup, HTMLSelect, InputGroup, Tag } from '@blueprintjs/core';
import { DRAW_BUDGET_MAX_MINOR, DRAW_NAME_MAX, DRAW_PARTICIPANTS_MAX, DRAW_PERSON_NAME_MAX, type MyDraws, type NewDraw, type OrganisedDraw } from '@wishwell/shared/secret-santa-types';
import { useAmountField } from '../../ui/use-amount-field';
import { api, errorMessage } from '../../api/client';
import { useAnswer } from '../../api/use-answer';
import { useTranslation } from '../../i18n/react';
import { notify } from '../../notifications/notify';
import { useSession } from '../../session/SessionProvider';

interface Row {
  name: string;
  email: string;
}

/** A circle a draw is made within: its members take part, named by user id (their addresses stay hidden). */
interface DrawCircle {
  id: string;
  members: { id: string; name: string }[];
}

/** Someone an exclusion can name: a circle member by user id, a listed person by e-mail. */
interface Choice {
  key: string;
  label: string;
}

const blank = (): Row => ({ name: '', email: '' });

/**
 * A new draw: its people (the organiser first; within a circle, its members and anyone added),
 * who must not draw whom, a budget and a day.
 */
export function DrawForm({ onCreated, circle, draws }: { onCreated: (draw: OrganisedDraw) => void; circle?: DrawCircle; draws?: MyDraws | null }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const firstRows = (): Row[] => (circle ? [] : [{ name: user?.name ?? '', email: user?.email ?? '' }, blank(), blank()]);
  const minRows = circle ? 0 : 3;
  const [name, setName] = useState('');
  const [rows, setRows] = useState<Row[]>(firstRows);
  const [exclusions, setExclusions] = useState<[string, string][]>([]);
  const [pair, setPair] = useState<[string, string]>(['', '']);
  const [budget, setBudget] = useState('');
  const [currency, setCurrency] = useState(user?.currency ?? 'EUR');
  const [date, setDate] = useState('');
  const [busy, setBusy] = useState(false);
  const earlierDraws = useEarlierDraws(circle?.id ?? null, draws);
  const [avoidDrawId, setAvoidDrawId] = useState('');
  // Typed the reader's way ('12,50' in German), as every amount field is.
  const budgetField = useAmountField(budget, { currency, maxMinor: DRAW_BUDGET_MAX_MINOR });

  const people = rows.filter((row) => row.email.trim());
  const choices: Choice[] = [...(circle?.members ?? []).map((member) => ({ key: member.id, label: member.name })), ...people.map((row) => ({ key: row.email.trim(), label: row.name || row.email.trim() }))];
  const labelOf = (key: string) => choices.find((choice) => choice.key === key)?.label ?? key;
  const change = (index: number, field: keyof Row, value: string) => setRows((all) => all.map((row, at) => (at === index ? { ...row, [field]: value } : row)));
  const choose = (side: number, key: string) => setPair((current) => (side === 0 ? [key, current[1]] : [current[0], key]));
  const addExclusion = () => {
    if (pair[0] && pair[1] && pair[0] !== pair[1]) setExclusions((all) => [...all, pair]);
    setPair(['', '']);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (budgetField.problem) return;
    setBusy(true);
    const body: NewDraw = {
      ...(circle ? { circleId: circle.id } : {}),
      name,
      participants: people.map((row) => ({ name: row.name, email: row.email.trim() })),
      exclusions: exclusions.filter((exclusion) => exclusion.every((key) => choices.some((choice) => choice.key === key))),
      budget: budgetField.minor,
      currency: currency || null,
      date: date || null,
      avoidDrawId: avoidDrawId || null,
    };
    try {
      onCreated(await api.post('/draws', { body }));
      setRows(firstRows());
      setExclusions([]);
      setName('');
      setAvoidDrawId('');
    } catch (error) {
      notify(errorMessage(error, t('santa.createFailed')), 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="ww-santa-form" onSubmit={(event) => void submit(event)}>
      <FormGroup label={t('santa.drawName')} labelFor="santa-name">
        <InputGroup id="santa-name" maxLength={DRAW_NAME_MAX} value={name} placeholder={t('santa.drawNamePlaceholder')} onValueChange={setName} />
      </FormGroup>
      <fieldset className="ww-santa-people">
        <legend>{t('santa.participants')}</legend>
        {circle ? (
          <>
            <p className="ww-santa-note">{t('santa.circleMembers')}</p>
            <div className="ww-santa-tags ww-santa-members">
              {circle.members.map((member) => (
                <Tag key={member.id} minimal icon="person">{member.name}</Tag>
              ))}
            </div>
            <p className="ww-santa-note">{t('santa.othersHelp')}</p>
          </>
        ) : null}
        {rows.map((row, index) => (
          <div className="ww-santa-person" key={index}>
            <InputGroup aria-label={t('santa.personName', { number: index + 1 })} placeholder={t('santa.name')} maxLength={DRAW_PERSON_NAME_MAX} value={row.name} onValueChange={(value) => change(index, 'name', value)} />
            <InputGroup aria-label={t('santa.personEmail', { number: index + 1 })} placeholder={t('santa.email')} type="email" value={row.email} onValueChange={(value) => change(index, 'email', value)} />
            <Button icon="cross" variant="minimal" aria-label={t('santa.remove')} disabled={rows.length <= minRows} onClick={() => setRows((all) => all.filter((_, at) => at !== index))} />
          </div>
        ))}
        <Button icon="add" text={t('santa.addPerson')} disabled={rows.length >= DRAW_PARTICIPANTS_MAX} onClick={() => setRows((all) => [...all, blank()])} />
      </fieldset>
      <fieldset className="ww-santa-exclusions">
        <legend>{t('santa.exclusions')}</legend>
        <p className="ww-santa-note">{t(earlierDraws.length > 0 ? 'santa.exclusionsHelpEarlier' : 'santa.exclusionsHelp')}</p>
        <div className="ww-santa-pair">
          {[0, 1].map((side) => (
            <HTMLSelect key={side} aria-label={t(side === 0 ? 'santa.exclusionFirst' : 'santa.exclusionSecond')} value={pair[side]} onChange={(event) => choose(side, event.currentTarget.value)}>
              <option value="">{t('santa.choose')}</option>
              {choices.map((choice) => (
                <option key={choice.key} value={choice.key}>{choice.label}</option>
              ))}
            </HTMLSelect>
          ))}
          <Button text={t('santa.addExclusion')} onClick={addExclusion} />
        </div>
        <div className="ww-santa-tags">
          {exclusions.map(([a, b], index) => (
            <Tag key={`${a}-${b}-${index}`} onRemove={() => setExclusions((all) => all.filter((_, at) => at !== index))}>{t('santa.notEachOther', { first: labelOf(a), second: labelOf(b) })}</Tag>
          ))}
        </div>
      </fieldset>
      {earlierDraws.length > 0 ? (
        <FormGroup label={t('santa.avoidDraw')} labelFor="santa-avoid" helperText={t('santa.avoidHelp')}>
          <HTMLSelect id="santa-avoid" fill value={avoidDrawId} onChange={(event) => setAvoidDrawId(event.currentTarget.value)}>
            <option value="">{t('santa.avoidNone')}</option>
            {earlierDraws.map((draw) => (
              <option key={draw.id} value={draw.id}>{draw.name || t('santa.untitled')}</option>
            ))}
          </HTMLSelect>
        </FormGroup>
      ) : null}
      <div className="ww-santa-settings">
        <FormGroup label={t('santa.budget')} labelFor="santa-budget" intent={budgetField.problem ? 'danger' : 'none'} helperText={budgetField.problem}>
          <InputGroup id="santa-budget" inputMode="decimal" value={budget} onValueChange={setBudget} intent={budgetField.problem ? 'danger' : 'none'} aria-invalid={Boolean(budgetField.problem)} />
        </FormGroup>
        <FormGroup label={t('santa.currency')} labelFor="santa-currency">
          <InputGroup id="santa-currency" maxLength={3} value={currency} onValueChange={(value) => setCurrency(value.toUpperCase())} />
        </FormGroup>
        <FormGroup label={t('santa.date')} labelFor="santa-date">
          <InputGroup id="santa-date" type="date" value={date} onValueChange={setDate} />
        </FormGroup>
      </div>
      <Button type="submit" intent="primary" className="ww-accent-button" icon="add" text={t('santa.create')} loading={busy} />
    </form>
  );
}

/**
 * The organiser's drawn draws whose pairs a new draw may avoid: made in the same circle, or outside
 * any. From `known` when the page loads them (null while it does; it keeps them current as draws are
 * drawn), else fetched.
 */
function useEarlierDraws(circleId: string | null, known: MyDraws | null | undefined): MyDraws['organised'] {
  // Without the list the form simply offers no earlier draw.
  const fetched = useAnswer(() => (known === undefined ? api.get('/draws').catch(() => null) : Promise.resolve(null)), [known]);
  return (known ?? fetched)?.organised.filter((draw) => draw.drawnAt && (draw.circleId === null || draw.circleId === circleId)) ?? [];
}
