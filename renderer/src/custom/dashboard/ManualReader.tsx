import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { get } from '../../api/api-client.ts';
import { useCall } from '../../api/call-state.tsx';
import type { ScreenMeta } from '../../meta/meta-types.ts';
import { routeParams } from '../../screens/screen-params.ts';
import { storedUser } from '../../session/session-store.ts';

interface Manual {
  id: number;
  title: string;
  description: string | null;
  format: 'PDF' | 'Markdown' | null;
  document: number | null;
  documentName: string | null;
  /** the Markdown rendered and sanitised on the server (marked, then sanitize-html) */
  html: string | null;
}

/** A PDF manual, fetched with the token header (which <object data> cannot send) and shown inline, with a download link. */
function PdfManual({ manual }: { manual: Manual }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let made: string | null = null;
    void fetch(`/api/v1/platform-file/${manual.document}`, { headers: { token: storedUser()?.token ?? '' } }).then(
      async (r) => {
        if (r.ok) setUrl((made = URL.createObjectURL(await r.blob())));
      },
    );
    return () => void (made && URL.revokeObjectURL(made));
  }, [manual.document]);
  if (!url) return <p aria-busy="true">{t('shell.loading')}</p>;
  return (
    <>
      <p>
        <a href={url} download={manual.documentName ?? 'manual.pdf'}>
          {t('shell.download', { name: manual.documentName ?? manual.title })}
        </a>
      </p>
      <object data={url} type="application/pdf" style={{ width: '100%', height: '75vh' }} aria-label={manual.title} />
    </>
  );
}

/** One user manual as its reader sees it: Markdown rendered, a PDF shown inline. */
export default function ManualReader({ screen }: { screen: ScreenMeta }) {
  const { t } = useTranslation();
  const { run } = useCall();
  const { pathname } = useLocation();
  const { id } = routeParams(screen, pathname);
  const [manual, setManual] = useState<Manual | null>(null);
  useEffect(() => {
    if (id) void run('error.getManuals', () => get(`user-manual/${id}`)).then((d) => d && setManual(d.item));
  }, [id, run]);
  if (!manual) return <p aria-busy="true">{t('shell.loading')}</p>;
  return (
    <section data-screen="manual-reader">
      <p>
        <Link to="/app/user-manuals/read">{t(screen.label ?? 'screen.myManuals')}</Link>
      </p>
      <h1>{manual.title}</h1>
      {manual.description && <p className="muted">{manual.description}</p>}
      {/* the server sanitised this HTML when the Markdown was uploaded: no scripts, handlers, styles or foreign link schemes */}
      {manual.format === 'Markdown' && manual.html !== null && (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on upload, as said above
        <article className="card manual" data-manual="markdown" dangerouslySetInnerHTML={{ __html: manual.html }} />
      )}
      {manual.format === 'PDF' && <PdfManual manual={manual} />}
      {manual.format === null && <p className="muted">{t('shell.noRecords')}</p>}
    </section>
  );
}
