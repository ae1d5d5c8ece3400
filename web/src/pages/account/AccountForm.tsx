import type { FormEvent, ReactNode } from 'react';
import { Button, Card, FormGroup, InputGroup, type IconName } from '@blueprintjs/core';
import { useTranslation } from '../../i18n/react';
import { PASSWORD_MIN_LENGTH } from '@wishwell/shared/constants';
import { usePageTitle } from '../../app/use-page-title';
import { useAsyncAction } from '../../ui/use-async-action';
import './account.css';

/** A form's submission: `busy` while `work` runs; a failure shows the server's message or the fallback. */
export function useSubmission(failure: string) {
  const { busy, run } = useAsyncAction();
  return { busy, submit: (work: () => Promise<void>) => run(work, { failure }) };
}

/** The card every account screen is: a title, a form and what goes under it. */
export function AccountCard({ title, children, wide = false }: { title: string; children: ReactNode; wide?: boolean }) {
  usePageTitle(title);
  return (
    <Card className={wide ? 'ww-account-card ww-account-card-wide' : 'ww-account-card'}>
      <h1 className="ww-account-title">{title}</h1>
      {children}
    </Card>
  );
}

/** A form that hands its submit to `onSubmit` (native validation on unless `noValidate`). */
export function AccountForm({
  onSubmit,
  children,
  noValidate,
  label,
}: {
  onSubmit: () => void;
  children: ReactNode;
  noValidate?: boolean;
  label: string;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form onSubmit={submit} noValidate={noValidate} aria-label={label} className="ww-account-form">
      {children}
    </form>
  );
}

export interface FieldProps {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  type?: 'text' | 'email' | 'password';
  icon?: IconName;
  autoComplete?: string;
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  helperText?: ReactNode;
  placeholder?: string;
  autoFocus?: boolean;
}

export function Field({ id, label, value, onChange, type = 'text', icon, helperText, ...input }: FieldProps) {
  return (
    <FormGroup label={label} labelFor={id} helperText={helperText}>
      <InputGroup id={id} name={id} type={type} leftIcon={icon} value={value} onValueChange={onChange} size="large" {...input} />
    </FormGroup>
  );
}

/** A field for choosing a password: it states the rule and the browser checks its length. */
export function NewPasswordField(props: Pick<FieldProps, 'id' | 'label' | 'value' | 'onChange' | 'icon' | 'autoFocus'>) {
  const { t } = useTranslation();
  const rule = t('account.passwordRule', { count: PASSWORD_MIN_LENGTH });
  return <Field type="password" icon="lock" autoComplete="new-password" required minLength={PASSWORD_MIN_LENGTH} helperText={rule} {...props} />;
}

export function SubmitButton({ text, busy }: { text: string; busy: boolean }) {
  return (
    <Button type="submit" size="large" fill loading={busy} className="ww-accent-button">
      {text}
    </Button>
  );
}
