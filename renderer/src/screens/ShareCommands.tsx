import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { post } from '../api/api-client.ts';
import { useCall } from '../api/call-state.tsx';
import { formatDate } from '../format/formats.ts';
import type { EntityMeta } from '../meta/meta-types.ts';
import { allowedOn } from '../meta/record-allowed.ts';

/**
 * A button per share command (a recipient of a public flow): mails the respondent a new link, which replaces the
 * one sent before; says to whom it went and until when it works.
 */
export function ShareCommands({
  entity,
  record,
  onChanged,
}: {
  entity: EntityMeta;
  record: Record<string, any>;
  onChanged: (r: Record<string, any>) => void;
}) {
  const { t } = useTranslation();
  const { loading, run } = useCall();
  const [sent, setSent] = useState<{ sentTo: string; expiresAt: string } | null>(null);
  const shares = entity.commands.filter(
    (c) => c.kind === 'share' && allowedOn(entity, record).commands.includes(c.name),
  );
  if (!shares.length) return null;
  const answered = entity.sharing && record[entity.sharing.submitted];
  const wasSent = entity.sharing?.sent && record[entity.sharing.sent];
  return (
    <div className="toolbar" data-testid="share">
      {shares.map((c) => (
        <button
          type="button"
          key={c.name}
          className="btn"
          disabled={loading || Boolean(answered)}
          onClick={async () => {
            const d = await run(c.error, () => post(`${entity.name}/${c.name}`, { id: record.id }));
            if (!d) return;
            setSent(d[c.dataKey]);
            onChanged(d[c.dataKey].record);
          }}
        >
          {t(wasSent ? 'shell.resendLink' : 'shell.sendLink')}
        </button>
      ))}
      {answered && <span className="muted">{t('shell.answered', { date: formatDate(answered) })}</span>}
      {sent && (
        <span role="status" className="muted" data-testid="share-sent">
          {t('shell.linkSent', { email: sent.sentTo, date: formatDate(sent.expiresAt) })}
        </span>
      )}
    </div>
  );
}
