import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { storedUser } from '../session/session-store.ts';

/**
 * A stored file: a picture is shown, anything else is offered for download. Fetched with the token header, which an
 * <img src> or <a href> cannot send. `store` is "file" (the company's) or "platform-file".
 */
export function StoredFile({ store, fileId, alt }: { store: 'file' | 'platform-file'; fileId: number; alt: string }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<{ url: string; type: string; name: string } | null>(null);
  useEffect(() => {
    let url: string | null = null;
    fetch(`/api/v1/${store}/${fileId}`, { headers: { token: storedUser()?.token ?? '' } }).then(async (r) => {
      if (!r.ok) return;
      const blob = await r.blob();
      const name = /filename="([^"]+)"/.exec(r.headers.get('content-disposition') ?? '')?.[1] ?? alt;
      setFile({ url: (url = URL.createObjectURL(blob)), type: blob.type, name });
    });
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [store, fileId, alt]);
  if (!file) return null;
  return file.type.startsWith('image/') ? (
    <img src={file.url} alt={alt} style={{ maxHeight: 80, maxWidth: 240, objectFit: 'contain' }} />
  ) : (
    <a href={file.url} download={file.name}>
      {t('shell.download', { name: file.name })}
    </a>
  );
}
