import { useTranslation } from 'react-i18next';
import { post } from '../api/api-client.ts';
import { useCall } from '../api/call-state.tsx';
import type { DirectoryOffer } from './use-directory-offers.ts';

/**
 * "Sign in with <directory>" (or "Sign up with …") for each directory offered for the typed e-mail. A click starts the
 * flow on the server (which keeps state, nonce and PKCE verifier) and goes to the directory; it comes back through
 * /auth/:provider/callback.
 */
export function DirectoryButtons({
  offers,
  email,
  purpose,
  titleKey,
}: {
  offers: DirectoryOffer[];
  email: string;
  purpose: 'signIn' | 'signUp';
  titleKey: string;
}) {
  const { t } = useTranslation();
  const { loading, run } = useCall();
  if (!offers.length) return null;
  // the company is named only when one domain leads to more than one company
  const companies = new Set(offers.map((o) => o.companyName)).size;
  const start = async (offer: DirectoryOffer) => {
    const data = await run<{ url: string }>(titleKey, () =>
      post('auth/sso/start', { provider: offer.key, purpose, email: email.trim() }),
    );
    if (data) window.location.assign(data.url);
  };
  return (
    <div className="stack" data-testid="directory-buttons">
      {offers.map((o) => {
        const name = companies > 1 && o.companyName ? `${o.name} (${o.companyName})` : o.name;
        return (
          <button key={o.key} type="button" className="btn" disabled={loading} onClick={() => void start(o)}>
            {t(purpose === 'signIn' ? 'shell.signInWith' : 'shell.signUpWith', { name })}
          </button>
        );
      })}
    </div>
  );
}
