import { useEffect, useState } from 'react';
import { get } from '../api/api-client.ts';
import { succeeded } from '../api/envelope.ts';

/** A directory one may sign in through, as the server offers it for an e-mail address. */
export interface DirectoryOffer {
  key: string;
  name: string;
  companyName: string | null;
}

const looksLikeEmail = (email: string) => /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email.trim());

export interface DirectoryOffers {
  providers: DirectoryOffer[];
  /** false when the e-mail's company signs in through its directory only */
  passwords: boolean;
}

const NONE: DirectoryOffers = { providers: [], passwords: true };

/**
 * The directories offered for the e-mail being typed (its company's for the domain, and the platform's), asked for
 * once the address looks complete and the typing has paused; a failed lookup simply offers none.
 */
export function useDirectoryOffers(email: string): DirectoryOffers {
  const [offers, setOffers] = useState<DirectoryOffers>(NONE);
  useEffect(() => {
    if (!looksLikeEmail(email)) {
      setOffers(NONE);
      return;
    }
    let current = true;
    const timer = setTimeout(async () => {
      const r = await get<DirectoryOffers>('auth/sso/providers', { email: email.trim() });
      if (current) setOffers(succeeded(r) ? r.data : NONE);
    }, 300);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [email]);
  return offers;
}
