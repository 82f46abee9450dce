import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { post } from '../api/api-client.ts';
import { useCall } from '../api/call-state.tsx';
import { changeLanguage } from '../i18n/i18n.ts';
import { clearUser, storeUser, type SessionUser } from '../session/session-store.ts';
import { DirectoryButtons } from './DirectoryButtons.tsx';
import { Field, SessionPage } from './SessionPage.tsx';
import { useDirectoryOffers } from './use-directory-offers.ts';
import { useSsoHandoff } from './use-sso-handoff.ts';

/**
 * E-mail first: as soon as it is typed, the directories of that e-mail's company appear as "Sign in with …" buttons
 * above the password, which stays for companies that still allow passwords (the server refuses it for the others).
 */
export default function SignIn() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { loading, run } = useCall();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const offers = useDirectoryOffers(email);
  const exchanging = useSsoHandoff('error.login');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!offers.passwords) return; // only the directory buttons are offered: Enter in the e-mail box sends nothing
    const data = await run<{ user: SessionUser }>('error.login', () => post('auth/login', { email, password }));
    if (data) {
      storeUser(data.user);
      // the language this person chose before, on any device, wins over this browser's
      if (data.user.language && data.user.language !== i18n.language) await changeLanguage(data.user.language);
      navigate('/app/dashboard');
    } else clearUser(); // a failed sign-in clears the stored user
  };
  if (exchanging)
    return (
      <SessionPage title={t('shell.signIn')}>
        <p role="status" aria-busy="true">
          {t('shell.signingIn')}
        </p>
      </SessionPage>
    );
  return (
    <SessionPage title={t('shell.signIn')}>
      <form className="stack" onSubmit={submit}>
        <Field
          id="email"
          label={t('field.email')}
          type="email"
          autoComplete="username"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <DirectoryButtons offers={offers.providers} email={email} purpose="signIn" titleKey="error.login" />
        {offers.passwords && (
          <>
            {offers.providers.length > 0 && (
              <p className="muted" style={{ textAlign: 'center', margin: 0 }}>
                {t('shell.or')}
              </p>
            )}
            <Field
              id="password"
              label={t('field.password')}
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            <button className="btn btn-primary" type="submit" disabled={loading}>
              {loading ? t('shell.loading') : t('shell.signIn')}
            </button>
          </>
        )}
      </form>
      <div className="row">
        <Link to="/app/sessions/forgot">{t('shell.forgotPassword')}</Link>
        <span className="spacer" />
        <Link to="/app/sessions/signUp">{t('shell.signUp')}</Link>
      </div>
    </SessionPage>
  );
}
