import { languageHeaders } from '../api/api-client.ts';
import type { Envelope } from '../api/envelope.ts';

/** The public flows' calls: never the signed-in user's token (a colleague answering must not sign out on a bad link). */
export async function publicCall<T = any>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Envelope<T>> {
  try {
    const res = await fetch(`/api/v1/public/${path}`, {
      method,
      headers: { ...languageHeaders(), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await res.json()) as Envelope<T>;
  } catch (e) {
    return { res: 'failed', data: null as T, err_msg: (e as Error).message };
  }
}

export interface PublicFlowScreen {
  path: string;
  flow: string;
  phase: 'auth' | 'complete' | 'success';
  /** error titles (i18n keys) of the flow's calls */
  errors: { auth: string; answer: string; submit: string };
}

export interface PublicQuestion {
  id: number;
  text: string;
  group?: string;
  type: 'text' | 'rating' | 'choice';
  options?: { value: number | string; label: string }[];
  required?: boolean;
  field?: string;
}

export interface PublicFlowInfo {
  title: string;
  intro?: string;
  questions: PublicQuestion[];
  recipientId: number;
  respondent: string;
  expiresAt: string;
  /** the answers saved so far, each naming the question it answers */
  answers: ({ questionId: number } & Record<string, unknown>)[];
  [extra: string]: unknown;
}

/** The answers entity's field a question's answer goes in. */
export const answerField = (q: PublicQuestion): string => q.field ?? (q.type === 'text' ? 'answer' : q.type);

/** The link's token is kept for the browser tab only, per flow, once it has been read from the address fragment. */
const storageKey = (flow: string) => `stratum.public.${flow}`;
export const storedToken = (flow: string): string | null => sessionStorage.getItem(storageKey(flow));
export const storeToken = (flow: string, token: string): void => sessionStorage.setItem(storageKey(flow), token);
export const forgetToken = (flow: string): void => sessionStorage.removeItem(storageKey(flow));
