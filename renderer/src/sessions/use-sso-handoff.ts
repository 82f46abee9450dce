import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { post } from '../api/api-client.ts';
import { useCall } from '../api/call-state.tsx';
import { clearUser, storeUser, type SessionUser } from '../session/session-store.ts';

/**
 * Back from a directory, the address ends in #sso=<one-time code>: the code is taken out of the address at once and
 * exchanged for the session (or for the reason there is none, shown as { title, message } like any failed call).
 * Returns whether the exchange is under way.
 */
export function useSsoHandoff(titleKey: string): boolean {
  const navigate = useNavigate();
  const { run } = useCall();
  const code = useRef(new URLSearchParams(window.location.hash.slice(1)).get('sso'));
  const [busy, setBusy] = useState(Boolean(code.current));
  useEffect(() => {
    const once = code.current;
    if (!once) return;
    code.current = null;
    window.history.replaceState(null, '', window.location.pathname + window.location.search);
    void (async () => {
      const data = await run<{ user: SessionUser }>(titleKey, () => post('auth/sso/exchange', { code: once }));
      setBusy(false);
      if (data) {
        storeUser(data.user);
        navigate('/app/dashboard');
      } else clearUser();
    })();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return busy;
}
