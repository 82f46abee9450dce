import { useEffect, useState } from 'react';
import { storedUser } from '../session/session-store.ts';

/** A stored file shown as a picture; fetched with the token header (an <img src> cannot send it). */
export function StoredImage({ fileId, alt }: { fileId: number; alt: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let objectUrl: string | null = null;
    fetch(`/api/v1/file/${fileId}`, { headers: { token: storedUser()?.token ?? '' } })
      .then((r) => (r.ok ? r.blob() : null))
      .then((b) => b && setUrl((objectUrl = URL.createObjectURL(b))));
    return () => {
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [fileId]);
  return url ? <img src={url} alt={alt} style={{ maxHeight: 80, maxWidth: 240, objectFit: 'contain' }} /> : null;
}
