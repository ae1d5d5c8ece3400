import { useEffect, useState } from 'react';
import { Button, Callout, FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useTranslation } from '../../i18n/react';
import {
  API_TOKEN_NAME_MAX_LENGTH,
  type ApiTokenScope,
  type ApiTokenSummary,
  type CreateApiTokenInput,
  type CreatedApiToken,
} from '@wishwell/shared/api-token-types';
import { api } from '../../api/client';
import { Sentence } from '../../i18n/Sentence';
import { copyToClipboard } from '../../ui/clipboard';
import { ConfirmDeleteAlert } from '../../ui/ConfirmDeleteAlert';
import { useAsyncAction } from '../../ui/use-async-action';
import { dayLocale } from '../../ui/dates';

const DAY_MS = 86_400_000;
/** The lifetimes offered, in days (0: never expires). */
const LIFETIMES = [30, 90, 365, 0];

const dateTime = (iso: string, locale?: string) => new Date(iso).toLocaleString(locale, { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
const day = (iso: string, locale?: string) => new Date(iso).toLocaleDateString(locale, { day: 'numeric', month: 'short', year: 'numeric' });

/**
 * My Account's 'API tokens': create one (name, scope, lifetime), see its secret once with a copy
 * button, list them with their last use, revoke. Admins may also create admin tokens.
 */
export function ApiTokens({ isAdmin }: { isAdmin: boolean }) {
  const { t, i18n } = useTranslation();
  const locale = dayLocale(i18n.language);
  const lifetimeLabel = (days: number) => (days === 0 ? t('tokens.never') : days === 365 ? t('tokens.year') : t('tokens.days', { number: days }));
  const [tokens, setTokens] = useState<ApiTokenSummary[] | null>(null);
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiTokenScope>('read');
  const [lifetimeDays, setLifetimeDays] = useState(90);
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const [revoking, setRevoking] = useState<ApiTokenSummary | null>(null);
  const { busy, run } = useAsyncAction();
  const scopes: ApiTokenScope[] = isAdmin ? ['read', 'read-write', 'admin'] : ['read', 'read-write'];

  const reload = async () => setTokens(await api.get('/users/tokens'));
  useEffect(() => {
    reload().catch(() => setTokens([]));
  }, []);

  const create = () =>
    run(
      async () => {
        const body: CreateApiTokenInput = { name, scope, expiresAt: lifetimeDays ? new Date(Date.now() + lifetimeDays * DAY_MS).toISOString() : null };
        setCreated(await api.post('/users/tokens', { body }));
        setName('');
        await reload();
      },
      { failure: t('tokens.createFailed') },
    );

  const revoke = (token: ApiTokenSummary) => {
    setRevoking(null);
    void run(
      async () => {
        await api.delete('/users/tokens/:id', { params: { id: token._id } });
        if (created?._id === token._id) setCreated(null);
        await reload();
      },
      { success: t('tokens.revoked', { name: token.name }), failure: t('tokens.revokeFailed') },
    );
  };

  return (
    <section className="ww-account-section ww-api-tokens" aria-labelledby="api-tokens-heading">
      <h2 id="api-tokens-heading">{t('tokens.title')}</h2>
      <p className="ww-account-note">
        <Sentence i18nKey="tokens.intro" parts={{ api: <a href="/api/docs">{t('tokens.api')}</a> }} />
      </p>

      {created && (
        <Callout intent="success" icon="key" title={t('tokens.createdTitle')} className="ww-api-token-created">
          <p>{t('tokens.createdText')}</p>
          <div className="ww-api-token-secret">
            <InputGroup readOnly value={created.token} aria-label={t('tokens.newToken', { name: created.name })} onFocus={(event) => event.currentTarget.select()} />
            <Button icon="duplicate" text={t('tokens.copy')} onClick={() => void copyToClipboard(created.token, t('tokens.copied'), t('common.error'))} />
          </div>
          <Button variant="minimal" text={t('tokens.done')} onClick={() => setCreated(null)} />
        </Callout>
      )}

      <form
        className="ww-api-token-form"
        aria-label={t('tokens.form')}
        onSubmit={(event) => {
          event.preventDefault();
          void create();
        }}
      >
        {/* 'Note' (as GitHub calls it), not 'Token name': the page's own Name field keeps its label to itself. */}
        <FormGroup label={t('tokens.note')} labelFor="api-token-name" className="ww-api-token-name">
          <InputGroup id="api-token-name" size="large" required maxLength={API_TOKEN_NAME_MAX_LENGTH} placeholder={t('tokens.notePlaceholder')} value={name} onValueChange={setName} />
        </FormGroup>
        <FormGroup label={t('tokens.access')} labelFor="api-token-scope">
          <HTMLSelect id="api-token-scope" large fill value={scope} onChange={(event) => setScope(event.currentTarget.value as ApiTokenScope)}>
            {scopes.map((option) => (
              <option key={option} value={option}>
                {t(`tokens.scope_${option}`)}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <FormGroup label={t('tokens.expiresAfter')} labelFor="api-token-lifetime">
          <HTMLSelect id="api-token-lifetime" large fill value={lifetimeDays} onChange={(event) => setLifetimeDays(Number(event.currentTarget.value))}>
            {LIFETIMES.map((days) => (
              <option key={days} value={days}>
                {lifetimeLabel(days)}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <Button type="submit" size="large" icon="plus" text={t('tokens.create')} loading={busy} className="ww-api-token-submit" />
      </form>

      {tokens && tokens.length === 0 && <p className="ww-muted">{t('tokens.none')}</p>}
      {tokens && tokens.length > 0 && (
        <ul className="ww-api-token-list" aria-label={t('tokens.list')}>
          {tokens.map((token) => (
            <li key={token._id}>
              <div className="ww-api-token-facts">
                <strong>{token.name}</strong>
                <span className="ww-api-token-scope">{t(`tokens.scope_${token.scope}`)}</span>
                <span className="ww-muted">
                  {token.lastUsedAt ? t('tokens.lastUsed', { when: dateTime(token.lastUsedAt, locale) }) : t('tokens.neverUsed')} ·{' '}
                  {token.expiresAt ? t('tokens.expires', { day: day(token.expiresAt, locale) }) : t('tokens.neverExpires')}
                </span>
              </div>
              <Button variant="minimal" intent="danger" icon="trash" text={t('tokens.revoke')} aria-label={t('tokens.revokeNamed', { name: token.name })} onClick={() => setRevoking(token)} />
            </li>
          ))}
        </ul>
      )}

      <ConfirmDeleteAlert isOpen={revoking !== null} confirmText={t('tokens.revoke')} onConfirm={() => revoking && revoke(revoking)} onCancel={() => setRevoking(null)}>
        <p>{t('tokens.revokeConfirm', { name: revoking?.name ?? '' })}</p>
      </ConfirmDeleteAlert>
    </section>
  );
}
