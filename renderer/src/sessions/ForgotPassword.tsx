import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { post } from '../api/api-client.ts';
import { useCall } from '../api/call-state.tsx';
import { Field, SessionPage } from './SessionPage.tsx';

/** An account's owner asks for a key to set a new password. */
export default function ForgotPassword() {
  const { t } = useTranslation();
  const { loading, run } = useCall();
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (await run('error.forgotPassword', () => post('auth/forgot-password', { email }))) setSent(true);
  };
  return (
    <SessionPage title={t('shell.forgotPassword')}>
      <p className="muted">{t('shell.forgotHelp')}</p>
      {sent ? (
        <p role="status" data-testid="sent">
          {t('shell.keySent', { email })}
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
          <button className="btn btn-primary" type="submit" disabled={loading}>
            {t('shell.sendKey')}
          </button>
        </form>
      )}
      <Link to="/app/sessions/signIn">{t('shell.backToSignIn')}</Link>
    </SessionPage>
  );
}
