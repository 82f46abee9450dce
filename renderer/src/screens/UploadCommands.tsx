import { useState } from 'react';
import { StoredFile } from '../widgets/StoredFile.tsx';
import { FileInput } from '../widgets/FileInput.tsx';
import { useTranslation } from 'react-i18next';
import { post } from '../api/api-client.ts';
import { useCall } from '../api/call-state.tsx';
import type { EntityMeta } from '../meta/meta-types.ts';
import { formatFileSize } from '../format/formats.ts';
import { allowedOn } from '../meta/record-allowed.ts';
import { ConfirmDialog } from '../shell/Dialogs.tsx';
import { actionKey } from './transition-label.ts';

/**
 * A file input per upload command of the entity (e.g. the company logo); the file goes in the multipart field
 * "document". Choosing a file only shows its name: the command's button sends it, after the confirmation the command
 * declares where the step cannot be undone (a signed contract's document is never replaced).
 */
export function UploadCommands({
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
  const [last, setLast] = useState<{ name: string; size: number } | null>(null);
  // the file chosen for each command, not yet sent
  const [chosen, setChosen] = useState<Record<string, File>>({});
  const [confirming, setConfirming] = useState<EntityMeta['commands'][number] | null>(null);
  const send = async (c: EntityMeta['commands'][number]) => {
    const file = chosen[c.name];
    if (!file) return;
    const body = new FormData();
    body.set('id', String(record.id));
    body.set('document', file);
    const d = await run(c.error, () => post(`${entity.name}/${c.name}`, body));
    if (d) {
      setLast({ name: file.name, size: file.size });
      setRemoved(null);
      setChosen(({ [c.name]: _, ...rest }) => rest);
      onChanged(d[c.dataKey].record);
    }
  };
  // the file removed again by the command the upload names (a draft report's attachment), after the caller confirms
  const [removing, setRemoving] = useState<{ command: EntityMeta['commands'][number]; name: string } | null>(null);
  const [removed, setRemoved] = useState<string | null>(null);
  const remove = async (c: EntityMeta['commands'][number], name: string) => {
    const d = await run(c.error, () => post(`${entity.name}/${c.name}`, { id: record.id, version: record.version }));
    if (d) {
      setLast(null);
      setRemoved(name);
      onChanged(d[c.dataKey]);
    }
  };
  const removerOf = (c: EntityMeta['commands'][number]) =>
    c.removedBy && allowedOn(entity, record).commands.includes(c.removedBy)
      ? entity.commands.find((r) => r.name === c.removedBy)
      : undefined;
  const uploads = entity.commands.filter(
    (c) => c.kind === 'upload' && allowedOn(entity, record).commands.includes(c.name),
  );
  // files to read, not to upload: those the engine makes itself (an audit's final report PDF) and those whose upload
  // the caller may not run (any more: a signed contract's document is never replaced)
  const made = Object.entries(entity.schema.properties).filter(
    ([name, f]) => f['x-file'] && !uploads.some((c) => c.fields[0] === name) && record[name],
  );
  if (!uploads.length && !made.length && !last && !removed) return null;
  return (
    <div className="card stack" style={{ marginTop: 'var(--space-4)' }}>
      {made.map(([name, f]) => (
        <div key={name} className="stack" data-testid={`file-${name}`}>
          <span>{t(f.title ?? name)}</span>
          <StoredFile store={entity.fileStore} fileId={record[name]} alt={t(f.title ?? name)} />
        </div>
      ))}
      {uploads.map((c) => {
        const field = c.fields[0];
        const fileId = record[field];
        const remover = fileId ? removerOf(c) : undefined;
        const fileName = t(entity.schema.properties[field]?.title ?? field);
        return (
          <div key={c.name} className="stack">
            <label htmlFor={`upload-${c.name}`}>{t(entity.schema.properties[field]?.title ?? field)}</label>
            {fileId && (
              <StoredFile
                store={entity.fileStore}
                fileId={fileId}
                alt={t(entity.schema.properties[field]?.title ?? field)}
              />
            )}
            {remover && (
              <div className="row">
                <button
                  type="button"
                  className="btn"
                  data-testid={`remove-${c.name}`}
                  disabled={loading}
                  onClick={() => setRemoving({ command: remover, name: fileName })}
                >
                  {t(actionKey(remover.name))}
                </button>
              </div>
            )}
            {/* the send button level with the file control's button, not with its hint below */}
            <div className="row" style={{ alignItems: 'flex-start' }}>
              <FileInput
                id={`upload-${c.name}`}
                mimeTypes={c.mimeTypes}
                maxBytes={c.maxBytes}
                disabled={loading}
                chosen={
                  chosen[c.name] &&
                  t('shell.chosenFile', { name: chosen[c.name].name, size: formatFileSize(chosen[c.name].size) })
                }
                stateTestId={`chosen-${c.name}`}
                onFile={(file) => setChosen(({ [c.name]: _, ...rest }) => (file ? { ...rest, [c.name]: file } : rest))}
              />
              <button
                type="button"
                className="btn btn-primary"
                data-testid={`send-${c.name}`}
                disabled={loading || !chosen[c.name]}
                onClick={() => (c.confirm ? setConfirming(c) : void send(c))}
              >
                {t(actionKey(c.name), { defaultValue: t('shell.upload') })}
              </button>
            </div>
          </div>
        );
      })}
      {confirming && chosen[confirming.name] && (
        <ConfirmDialog
          title={t(actionKey(confirming.name), { defaultValue: t('shell.upload') })}
          text={t(confirming.confirm!, { name: chosen[confirming.name].name })}
          onCancel={() => setConfirming(null)}
          onConfirm={() => {
            setConfirming(null);
            void send(confirming);
          }}
        />
      )}
      {removing && (
        <ConfirmDialog
          title={t(actionKey(removing.command.name))}
          text={t('shell.removeFileConfirm', { name: removing.name })}
          onCancel={() => setRemoving(null)}
          onConfirm={() => {
            setRemoving(null);
            void remove(removing.command, removing.name);
          }}
        />
      )}
      {removed && !last && (
        <span className="muted" role="status">
          {t('shell.removedFile', { name: removed })}
        </span>
      )}
      {last && (
        <span className="muted" role="status">
          {t('shell.uploaded', { name: last.name, size: formatFileSize(last.size) })}
        </span>
      )}
    </div>
  );
}
