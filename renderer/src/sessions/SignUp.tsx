import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { post } from '../api/api-client.ts';
import { useCall } from '../api/call-state.tsx';
import { DirectoryButtons } from './DirectoryButtons.tsx';
import { Field, SessionPage } from './SessionPage.tsx';
import { useDirectoryOffers } from './use-directory-offers.ts';
import { useSsoHandoff } from './use-sso-handoff.ts';

/** Choosing the password, opened from the sign-up mail's link (email and authKey in the address). */
function ChoosePassword({ email, authKey }: { email: string; authKey: string }) {
  const { t } = useTranslation();
  const { loading, run } = useCall();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [done, setDone] = useState(false);
  const mismatch = repeat !== '' && repeat !== password;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (mismatch) return;
    if (await run('error.signUp', () => post('auth/sign-up/complete', { email, password, authKey }))) setDone(true);
  };
  if (done)
    return (
      <p role="status" data-testid="signed-up">
        {t('shell.signedUp')} <Link to="/app/sessions/signIn">{t('shell.signIn')}</Link>
      </p>
    );
  return (
    <form className="stack" onSubmit={submit}>
      <p className="muted">
        {t('shell.choosePassword')}: <strong>{email}</strong>
      </p>
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
  );
}

/**
 * Sign-up for a person a company administrator has invited (added as an employee with this e-mail): link the
 * company's directory account, or get a mail with a link to choose a password. Failures carry the title
 * "Sign Up Failed" (defect D15: never the raw error).
 */
export default function SignUp() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { loading, run } = useCall();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [sent, setSent] = useState(false);
  const offers = useDirectoryOffers(email);
  const exchanging = useSsoHandoff('error.signUp');
  const authKey = params.get('authKey');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!offers.passwords) return; // the company signs up through its directory only
    if (await run('error.signUp', () => post('auth/sign-up', { email }))) setSent(true);
  };
  let body: ReactNode;
  if (exchanging)
    body = (
      <p role="status" aria-busy="true">
        {t('shell.signingIn')}
      </p>
    );
  else if (authKey && params.get('email')) body = <ChoosePassword email={params.get('email')!} authKey={authKey} />;
  else if (sent)
    body = (
      <p role="status" data-testid="sent">
        {t('shell.signUpLinkSent', { email })}
      </p>
    );
  else
    body = (
      <form className="stack" onSubmit={submit}>
        <p className="muted">{t('shell.signUpIntro')}</p>
        <Field
          id="email"
          label={t('field.email')}
          type="email"
          autoComplete="username"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <DirectoryButtons offers={offers.providers} email={email} purpose="signUp" titleKey="error.signUp" />
        {offers.passwords && (
          <>
            {offers.providers.length > 0 && (
              <p className="muted" style={{ textAlign: 'center', margin: 0 }}>
                {t('shell.or')}
              </p>
            )}
            <button className="btn btn-primary" type="submit" disabled={loading}>
              {t('shell.sendSignUpLink')}
            </button>
          </>
        )}
      </form>
    );
  return (
    <SessionPage title={t('shell.signUp')}>
      {body}
      <Link to="/app/sessions/signIn">{t('shell.backToSignIn')}</Link>
    </SessionPage>
  );
}
