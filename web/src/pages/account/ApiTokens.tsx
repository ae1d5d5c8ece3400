import { useEffect, useState } from 'react';
import { Button, Callout, FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import {
  API_TOKEN_NAME_MAX_LENGTH,
  API_TOKEN_SCOPE_LABELS,
  type ApiTokenScope,
  type ApiTokenSummary,
  type CreateApiTokenInput,
  type CreatedApiToken,
} from '@wishwell/shared/api-token-types';
import { api } from '../../api/client';
import { copyToClipboard } from '../../ui/clipboard';
import { ConfirmDeleteAlert } from '../../ui/ConfirmDeleteAlert';
import { useAsyncAction } from '../../ui/use-async-action';

const DAY_MS = 86_400_000;
/** The lifetimes offered, in days (0: never expires). */
const LIFETIMES = [
  { days: 30, label: '30 days' },
  { days: 90, label: '90 days' },
  { days: 365, label: '1 year' },
  { days: 0, label: 'Never' },
];

const dateTime = (iso: string) => new Date(iso).toLocaleString(undefined, { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });

/**
 * My Account's 'API tokens': create one (name, scope, lifetime), see its secret once with a copy
 * button, list them with their last use, revoke. Admins may also create admin tokens.
 */
export function ApiTokens({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useTranslation();
  const [tokens, setTokens] = useState<ApiTokenSummary[] | null>(null);
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiTokenScope>('read');
  const [lifetimeDays, setLifetimeDays] = useState(90);
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const [revoking, setRevoking] = useState<ApiTokenSummary | null>(null);
  const { busy, run } = useAsyncAction();
  const scopes: ApiTokenScope[] = isAdmin ? ['read', 'read-write', 'admin'] : ['read', 'read-write'];

  const reload = async () => setTokens(await api.get<ApiTokenSummary[]>('/users/tokens'));
  useEffect(() => {
    reload().catch(() => setTokens([]));
  }, []);

  const create = () =>
    run(
      async () => {
        const body: CreateApiTokenInput = { name, scope, expiresAt: lifetimeDays ? new Date(Date.now() + lifetimeDays * DAY_MS).toISOString() : null };
        setCreated(await api.post<CreatedApiToken>('/users/tokens', body));
        setName('');
        await reload();
      },
      { failure: 'Could not create the token' },
    );

  const revoke = (token: ApiTokenSummary) => {
    setRevoking(null);
    void run(
      async () => {
        await api.delete(`/users/tokens/${token._id}`);
        if (created?._id === token._id) setCreated(null);
        await reload();
      },
      { success: `Token "${token.name}" revoked`, failure: 'Could not revoke the token' },
    );
  };

  return (
    <section className="ww-account-section ww-api-tokens" aria-labelledby="api-tokens-heading">
      <h2 id="api-tokens-heading">API tokens</h2>
      <p className="ww-account-note">
        Scripts and other apps can use your lists through the <a href="/api/docs">Wishwell API</a> with a token. Signing out or changing your
        password keeps your tokens, and while an admin has disabled your account they stop working until it is enabled again. Revoke a token
        you no longer need.
      </p>

      {created && (
        <Callout intent="success" icon="key" title="Copy your new token now" className="ww-api-token-created">
          <p>It will not be shown again. Anyone holding it can act as you within its scope.</p>
          <div className="ww-api-token-secret">
            <InputGroup readOnly value={created.token} aria-label={`The new token "${created.name}"`} onFocus={(event) => event.currentTarget.select()} />
            <Button icon="duplicate" text="Copy" onClick={() => void copyToClipboard(created.token, 'Token copied to clipboard!', t('common.error'))} />
          </div>
          <Button variant="minimal" text="Done" onClick={() => setCreated(null)} />
        </Callout>
      )}

      <form
        className="ww-api-token-form"
        aria-label="Create an API token"
        onSubmit={(event) => {
          event.preventDefault();
          void create();
        }}
      >
        {/* 'Note' (as GitHub calls it), not 'Token name': the page's own Name field keeps its label to itself. */}
        <FormGroup label="Note" labelFor="api-token-name" className="ww-api-token-name">
          <InputGroup id="api-token-name" required maxLength={API_TOKEN_NAME_MAX_LENGTH} placeholder="What is it for? e.g. Home automation" value={name} onValueChange={setName} />
        </FormGroup>
        <FormGroup label="Access" labelFor="api-token-scope">
          <HTMLSelect id="api-token-scope" fill value={scope} onChange={(event) => setScope(event.currentTarget.value as ApiTokenScope)}>
            {scopes.map((option) => (
              <option key={option} value={option}>
                {API_TOKEN_SCOPE_LABELS[option]}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <FormGroup label="Expires after" labelFor="api-token-lifetime">
          <HTMLSelect id="api-token-lifetime" fill value={lifetimeDays} onChange={(event) => setLifetimeDays(Number(event.currentTarget.value))}>
            {LIFETIMES.map((option) => (
              <option key={option.days} value={option.days}>
                {option.label}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <Button type="submit" icon="plus" text="Create Token" loading={busy} className="ww-api-token-submit" />
      </form>

      {tokens && tokens.length === 0 && <p className="ww-muted">You have no API tokens.</p>}
      {tokens && tokens.length > 0 && (
        <ul className="ww-api-token-list" aria-label="Your API tokens">
          {tokens.map((token) => (
            <li key={token._id}>
              <div className="ww-api-token-facts">
                <strong>{token.name}</strong>
                <span className="ww-api-token-scope">{API_TOKEN_SCOPE_LABELS[token.scope]}</span>
                <span className="ww-muted">
                  {token.lastUsedAt ? `Last used ${dateTime(token.lastUsedAt)}` : 'Never used'} · {token.expiresAt ? `Expires ${day(token.expiresAt)}` : 'Never expires'}
                </span>
              </div>
              <Button variant="minimal" intent="danger" icon="trash" text="Revoke" aria-label={`Revoke ${token.name}`} onClick={() => setRevoking(token)} />
            </li>
          ))}
        </ul>
      )}

      <ConfirmDeleteAlert isOpen={revoking !== null} confirmText="Revoke" onConfirm={() => revoking && revoke(revoking)} onCancel={() => setRevoking(null)}>
        <p>Revoke the token "{revoking?.name}"? Scripts using it stop working at once. This cannot be undone.</p>
      </ConfirmDeleteAlert>
    </section>
  );
}
