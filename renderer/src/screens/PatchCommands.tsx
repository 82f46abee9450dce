import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Form from '@rjsf/core';
import { DateWidget } from '../widgets/DateInput.tsx';
import type { ErrorSchema, RJSFSchema, UiSchema } from '@rjsf/utils';
import { post } from '../api/api-client.ts';
import { useCall, type CallError } from '../api/call-state.tsx';
import { useFormValidator } from '../forms/use-form-validator.ts';
import { enumName, optionLabel } from '../meta/labels.ts';
import type { EntityMeta } from '../meta/meta-types.ts';
import { allowedOn } from '../meta/record-allowed.ts';
import { actionKey } from './transition-label.ts';

type Row = Record<string, any>;
type Command = EntityMeta['commands'][number];

/**
 * The patch commands a caller may run on a record they may not otherwise change, each as a small form of the fields it
 * changes: an audit's management action is its action owner's to report progress on (update-progress), not to edit.
 * Whoever may update the record changes those fields on its form, so they get none of these.
 */
export function PatchCommands({
  entity,
  record,
  onChanged,
}: {
  entity: EntityMeta;
  record: Row;
  onChanged: (r: Row) => void;
}) {
  const allowed = allowedOn(entity, record);
  if (allowed.update) return null;
  const patches = entity.commands.filter((c) => c.kind === 'patch' && allowed.commands.includes(c.name));
  return (
    <>
      {patches.map((c) => (
        <PatchForm key={c.name} entity={entity} record={record} command={c} onChanged={onChanged} />
      ))}
    </>
  );
}

function PatchForm({
  entity,
  record,
  command,
  onChanged,
}: {
  entity: EntityMeta;
  record: Row;
  command: Command;
  onChanged: (r: Row) => void;
}) {
  const { t } = useTranslation();
  const validator = useFormValidator();
  const { loading, run } = useCall();
  const [errors, setErrors] = useState<ErrorSchema | undefined>();
  const schema = useMemo<RJSFSchema>(
    () => ({
      type: 'object',
      properties: Object.fromEntries(
        command.fields.map((name) => {
          const { title, readOnly: _r, ...rest } = entity.schema.properties[name];
          return [name, { ...(rest as RJSFSchema), title: title ? t(title) : name }];
        }),
      ),
    }),
    [entity, command, t],
  );
  const uiSchema = useMemo<UiSchema>(() => {
    const ui: UiSchema = { 'ui:submitButtonOptions': { norender: true } };
    for (const name of command.fields) {
      const f = entity.schema.properties[name];
      const own = entity.form.uiSchema[name] as UiSchema | undefined;
      const named = own?.['ui:enumNames'] as string[] | undefined;
      ui[name] = {
        ...(f.enum ? { 'ui:enumNames': f.enum.map((v) => optionLabel(t, v as string, f)) } : {}),
        ...own,
        ...(named ? { 'ui:enumNames': named.map((n) => enumName(t, n)) } : {}),
      };
    }
    return ui;
  }, [entity, command, t]);
  const initial = Object.fromEntries(
    command.fields.filter((n) => record[n] !== null && record[n] !== undefined).map((n) => [n, record[n]]),
  );
  const submit = async (data: Row) => {
    setErrors(undefined);
    const values = Object.fromEntries(
      command.fields.map((n) => [n, data[n] === '' || data[n] === undefined ? null : data[n]]),
    );
    const onFailure = (e: CallError) =>
      setErrors(
        Object.fromEntries(
          e.fieldErrors.filter((f) => f.field).map((f) => [f.field, { __errors: [f.message] }]),
        ) as ErrorSchema,
      );
    const d = await run(
      command.error ?? entity.errors.update,
      () => post(`${entity.name}/${command.name}`, { id: record.id, version: record.version, ...values }),
      { onFailure },
    );
    if (d) onChanged(d[command.dataKey]);
  };
  return (
    <div className="card form-box" data-testid={`patch-${command.name}`} style={{ marginTop: 'var(--space-4)' }}>
      <h2>{t(actionKey(command.name))}</h2>
      <Form
        key={record.version}
        schema={schema}
        uiSchema={uiSchema}
        initialFormData={initial}
        validator={validator}
        widgets={{ DateWidget }}
        extraErrors={errors}
        showErrorList={false}
        // the fields show what is wrong; a failed check is the user\'s to fix, not an error to log
        onError={() => undefined}
        noHtml5Validate
        idPrefix={`patch_${command.name}`}
        onSubmit={(e) => submit(e.formData ?? {})}
      >
        <div className="row">
          <span className="spacer" />
          <button className="btn btn-primary" type="submit" disabled={loading}>
            {t(actionKey(command.name))}
          </button>
        </div>
      </Form>
    </div>
  );
}
