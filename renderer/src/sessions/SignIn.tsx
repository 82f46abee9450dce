import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { post } from '../api/api-client.ts';
import { useCall } from '../api/call-state.tsx';
import { clearUser, storeUser, type SessionUser } from '../session/session-store.ts';
import { Field, SessionPage } from './SessionPage.tsx';

export default function SignIn() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { loading, run } = useCall();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const data = await run<{ user: SessionUser }>('error.login', () => post('auth/login', { email, password }));
    if (data) {
      storeUser(data.user);
      navigate('/app/dashboard');
    } else clearUser(); // a failed sign-in clears the stored user
  };
  return (
    <SessionPage title={t('shell.signIn')}>
      <form className="stack" onSubmit={submit}>
        <Field id="email" label={t('field.email')} type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <Field id="password" label={t('field.password')} type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        <button className="btn btn-primary" type="submit" disabled={loading}>{loading ? t('shell.loading') : t('shell.signIn')}</button>
      </form>
      <div className="row">
        <Link to="/app/sessions/forgot">{t('shell.forgotPassword')}</Link>
        <span className="spacer" />
        <Link to="/app/sessions/signUp">{t('shell.signUp')}</Link>
      </div>
    </SessionPage>
  );
}
