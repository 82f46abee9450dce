import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { succeeded, type Envelope } from './envelope.ts';
import { SESSION_GONE } from './api-client.ts';

/** A failed call as the user sees it: the action's title (from metadata) and the server's message. */
export interface CallError {
  title: string;
  message: string;
  fieldErrors: { field: string; message: string }[];
  code?: string;
}

interface CallState {
  error: CallError | null;
  setError(e: CallError | null): void;
}

const Ctx = createContext<CallState>({ error: null, setError: () => {} });

export function CallStateProvider({ children }: { children: ReactNode }) {
  const [error, setError] = useState<CallError | null>(null);
  return <Ctx.Provider value={{ error, setError }}>{children}</Ctx.Provider>;
}

export const useCallError = () => useContext(Ctx);

/**
 * Every call the spec's way: set loading and clear the previous error; on failure store { title, message } and show it.
 * `run` resolves to the data on success and to undefined on failure (onFailure gets the error, e.g. for field errors;
 * where it returns true the screen says the failure itself, a record the caller may not read, and no dialog repeats it).
 */
export function useCall() {
  const { setError } = useContext(Ctx);
  const { t } = useTranslation();
  const [loading, setLoading] = useState(false);
  const run = useCallback(
    async <T,>(
      titleKey: string | undefined,
      fn: () => Promise<Envelope<T>>,
      options: { quiet?: boolean; onFailure?: (e: CallError) => boolean | void } = {},
    ): Promise<T | undefined> => {
      setLoading(true);
      setError(null);
      try {
        const r = await fn();
        if (succeeded(r)) return r.data;
        if (r.code === SESSION_GONE) return undefined;
        const failure: CallError = {
          title: titleKey ? t(titleKey) : t('shell.somethingFailed'),
          message: r.err_msg ?? '',
          fieldErrors: r.errors ?? [],
          code: r.code,
        };
        const handled = options.onFailure?.(failure) === true;
        setError(options.quiet || handled ? null : failure);
        return undefined;
      } finally {
        setLoading(false);
      }
    },
    [setError, t],
  );
  return { loading, run };
}
