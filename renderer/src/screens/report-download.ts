import type { Envelope } from '../api/envelope.ts';
import { storedUser } from '../session/session-store.ts';

/**
 * Downloads a report's export (CSV or XLSX) with the same filters as the screen shows. Fetched with the token header,
 * which a plain link cannot send, then handed to the browser as a file under the server's name for it.
 */
export async function downloadReport(
  entity: string,
  report: string,
  query: Record<string, string>,
): Promise<Envelope<null>> {
  const r = await fetch(`/api/v1/${entity}/${report}/export?${new URLSearchParams(query)}`, {
    headers: { token: storedUser()?.token ?? '' },
  });
  // a refusal comes back as the usual envelope, for the screen to show under the report's error title
  if (!r.ok) return (await r.json()) as Envelope<null>;
  const name =
    /filename="([^"]+)"/.exec(r.headers.get('content-disposition') ?? '')?.[1] ?? `${report}.${query.format}`;
  const url = URL.createObjectURL(await r.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return { res: 'success', data: null, err_msg: null };
}
