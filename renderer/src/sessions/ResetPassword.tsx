import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { post } from '../api/api-client.ts';
import { useCall } from '../api/call-state.tsx';
import { Field, SessionPage } from './SessionPage.tsx';

/** Opened from the link in the mail (email and authKey in the address) or with the key typed in. */
export default function ResetPassword() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { loading, run } = useCall();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [authKey, setAuthKey] = useState(params.get('authKey') ?? '');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [done, setDone] = useState(false);
  const mismatch = repeat !== '' && repeat !== password;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (mismatch) return;
    if (await run('error.resetPassword', () => post('auth/reset-password', { email, password, authKey })))
      setDone(true);
  };
  return (
    <SessionPage title={t('shell.resetPassword')}>
      {done ? (
        <p role="status" data-testid="reset-done">
          {t('shell.passwordSet')} <Link to="/app/sessions/signIn">{t('shell.signIn')}</Link>
        </p>
      ) : (
        <form className="stack" onSubmit={submit}>
          <Field
            id="email"
            label={t('field.email')}
            type="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <Field
            id="authKey"
            label={t('shell.resetKey')}
            required
            value={authKey}
            onChange={(e) => setAuthKey(e.target.value)}
          />
          <Field
            id="password"
            label={t('shell.newPassword')}
            type="password"
            autoComplete="new-password"
            minLength={8}
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <Field
            id="repeat"
            label={t('shell.repeatPassword')}
            type="password"
            autoComplete="new-password"
            required
            value={repeat}
            onChange={(e) => setRepeat(e.target.value)}
            aria-invalid={mismatch}
          />
          {mismatch && <p className="error-text">{t('shell.passwordsDiffer')}</p>}
          <button className="btn btn-primary" type="submit" disabled={loading}>
            {t('shell.setPassword')}
          </button>
        </form>
      )}
    </SessionPage>
  );
}
