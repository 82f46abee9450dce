import { useSyncExternalStore } from 'react';
import { storedUser, type SessionUser } from './session-store.ts';

let cached: { raw: string | null; user: SessionUser | null } = { raw: null, user: null };

/** The stored user, re-read when sign-in or sign-out changes it (in this tab or another). */
export function useSession(): SessionUser | null {
  return useSyncExternalStore(
    (onChange) => {
      window.addEventListener('stratum:session', onChange);
      window.addEventListener('storage', onChange);
      return () => {
        window.removeEventListener('stratum:session', onChange);
        window.removeEventListener('storage', onChange);
      };
    },
    () => {
      const raw = localStorage.getItem('stratum.user');
      if (raw !== cached.raw) cached = { raw, user: storedUser() };
      return cached.user;
    },
  );
}
