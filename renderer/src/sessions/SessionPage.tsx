import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, LANGUAGES, type Language } from '../i18n/i18n.ts';
import { ErrorDialog } from '../shell/Dialogs.tsx';

/** The frame of the session pages: brand, a card, the language switch. */
export function SessionPage({ title, children }: { title: string; children: ReactNode }) {
  const { t, i18n } = useTranslation();
  return (
    <main className="session-page">
      <div className="card session-card stack">
        <div className="row">
          <span className="brand">Stratum</span>
          <span className="spacer" />
          <label className="sr-only" htmlFor="session-language">
            {t('shell.language')}
          </label>
          <select
            id="session-language"
            className="input"
            style={{ width: 'auto' }}
            value={i18n.language}
            onChange={(e) => void changeLanguage(e.target.value as Language)}
          >
            {LANGUAGES.map((l) => (
              <option key={l} value={l}>
                {t(`shell.language.${l}`)}
              </option>
            ))}
          </select>
        </div>
        <h1>{title}</h1>
        {children}
      </div>
      <ErrorDialog />
    </main>
  );
}

export function Field({
  id,
  label,
  ...input
}: { id: string; label: string } & React.InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className="stack" style={{ gap: 4 }}>
      <label htmlFor={id}>{label}</label>
      <input id={id} name={id} className="input" {...input} />
    </div>
  );
}
