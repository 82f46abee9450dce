import i18next from 'i18next';
import type { Envelope } from './envelope.ts';
import { clearUser, storedUser } from '../session/session-store.ts';

const BASE = '/api/v1';
/** The code of a refusal that came back after its session had ended here: nobody is shown it. */
export const SESSION_GONE = 'session_gone';

/**
 * The language the server words its messages in (refusals, field problems): the screen's current language, sent as
 * `Accept-Language` with every call.
 */
export const languageHeaders = (): Record<string, string> => ({ 'accept-language': i18next.language || 'en' });

/**
 * One call to the API, in the screen's language (`Accept-Language`). Authenticated calls send the stored user's token in the "token" header; a network failure
 * becomes { res: 'failed', err_msg: <the error's text> } as the spec says; an ended session clears the stored user.
 * A 401 to a call made with no session, or with a session that has since ended here, comes back marked SESSION_GONE.
 */
export async function call<T = any>(
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  query?: Record<string, string | number | undefined>,
  token?: string,
): Promise<Envelope<T>> {
  const user = token ? { token } : storedUser();
  const qs = query
    ? '?' +
      new URLSearchParams(
        Object.entries(query)
          .filter(([, v]) => v !== undefined && v !== '')
          .map(([k, v]) => [k, String(v)]),
      ).toString()
    : '';
  const headers: Record<string, string> = languageHeaders();
  if (user?.token) headers.token = user.token;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  try {
    const res = await fetch(`${BASE}/${path}${qs === '?' ? '' : qs}`, { method, headers, body: payload });
    const envelope = (await res.json()) as Envelope<T>;
    if (res.status === 401 && !path.startsWith('auth/')) {
      // made by a screen still closing after sign-out (no token), or signed out (or in as someone else) while the call
      // was under way: its refusal is expected, not an error to show; the router sends the page to sign-in
      if (!user || storedUser()?.token !== user.token) return { ...envelope, code: SESSION_GONE };
      clearUser();
    }
    return envelope;
  } catch (e) {
    return { res: 'failed', data: null as T, err_msg: (e as Error).message };
  }
}

export const get = <T = any>(path: string, query?: Record<string, string | number | undefined>) =>
  call<T>('GET', path, undefined, query);
export const post = <T = any>(path: string, body?: unknown, query?: Record<string, string | number | undefined>) =>
  call<T>('POST', path, body, query);
