import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import Form from '@rjsf/core';
import type { ErrorSchema, RJSFSchema, UiSchema } from '@rjsf/utils';
import { post } from '../api/api-client.ts';
import { useCall } from '../api/call-state.tsx';
import { useFormValidator } from '../forms/use-form-validator.ts';
import { optionLabel } from '../meta/labels.ts';
import { useEntity, useMeta } from '../meta/meta-context.tsx';
import { editableFields, screensOf } from '../screens/entity-screens.ts';

type Row = Record<string, any>;

/**
 * Issues an API token: the token's fields as its metadata declares them, sent to its issue command, whose reply
 * carries the secret this once. The secret is shown with a copy button until the person leaves; it is kept nowhere
 * (not in the address, not in storage), so it cannot be shown again.
 */
export default function ApiTokenIssue({ entityName = 'api-token' }: { entityName?: string }) {
  const { t } = useTranslation();
  const meta = useMeta();
  const entity = useEntity(entityName);
  const validator = useFormValidator();
  const { loading, run } = useCall();
  const [errors, setErrors] = useState<ErrorSchema | undefined>();
  const [issued, setIssued] = useState<{ name: string; secret: string } | null>(null);
  const [copied, setCopied] = useState(false);
  // the modules this person's company uses; the server keeps to those they administer
  const modules = useMemo(() => new Set(meta.modules.filter((m) => m.role === 'employee').map((m) => m.id)), [meta]);

  const { schema, uiSchema } = useMemo(() => {
    const properties: Record<string, RJSFSchema> = {};
    const ui: UiSchema = { ...(entity?.form.uiSchema as UiSchema), 'ui:submitButtonOptions': { norender: true } };
    for (const [name, f] of entity ? editableFields(entity) : []) {
      const { title, ...rest } = f as Row;
      properties[name] = { ...rest, title: title ? t(title) : name };
      if (f.enum) ui[name] = { ...(ui[name] as UiSchema), 'ui:enumNames': f.enum.map((v) => optionLabel(t, v)) };
      if (name === 'modules') {
        // the holder's token may name any module (the holder reaches every company's); an employee's those of the company
        const offered = (rest.items.enum as string[]).filter((m) => entity!.scope === 'platform' || modules.has(m));
        properties[name] = { ...properties[name], items: { ...rest.items, enum: offered } };
        // the labels the metadata gives the options (i18n keys), for the modules offered
        const names = (ui[name] as UiSchema | undefined)?.['ui:enumNames'] as string[] | undefined;
        ui[name] = {
          ...(ui[name] as UiSchema),
          'ui:enumNames': offered.map((m) => t(names?.[(rest.items.enum as string[]).indexOf(m)] ?? m)),
        };
      }
    }
    return {
      schema: { type: 'object', required: entity?.schema.required ?? [], properties } as RJSFSchema,
      uiSchema: ui,
    };
  }, [entity, t, modules]);

  if (!entity) return null;
  const list = screensOf(meta, entity.name).list;

  const submit = async (data: Row) => {
    setErrors(undefined);
    const r = await run(entity.errors.issue, () => post(`${entity.name}/issue`, data), {
      onFailure: (e) =>
        setErrors(
          Object.fromEntries(
            e.fieldErrors.filter((f) => f.field).map((f) => [f.field.split('.')[0], { __errors: [f.message] }]),
          ) as ErrorSchema,
        ),
    });
    if (r) setIssued({ name: r[entity.dataKeys.item].name, secret: r[entity.dataKeys.item].secret });
  };
  const copy = async () => {
    await navigator.clipboard?.writeText(issued!.secret).catch(() => undefined);
    setCopied(true);
  };

  return (
    <section data-screen="api-token-issue">
      <h1>{t('screen.issueApiToken')}</h1>
      {issued ? (
        <div className="card form-box" data-testid="issued-token">
          <h2>{t('apiToken.issued', { name: issued.name })}</h2>
          <p>{t('apiToken.secretOnce')}</p>
          <div className="row">
            <input
              className="input"
              readOnly
              value={issued.secret}
              aria-label={t('entity.apiToken')}
              onFocus={(e) => e.target.select()}
              style={{ fontFamily: 'monospace', flex: 1 }}
            />
            <button type="button" className="btn" onClick={copy}>
              {t(copied ? 'apiToken.copied' : 'apiToken.copy')}
            </button>
          </div>
          <p className="muted">{t('apiToken.howToUse')}</p>
          <div className="row">
            <span className="spacer" />
            {list && (
              <Link className="btn btn-primary" to={list.path}>
                {t('apiToken.done')}
              </Link>
            )}
          </div>
        </div>
      ) : (
        <div className="card form-box">
          <Form
            schema={schema}
            uiSchema={uiSchema}
            validator={validator}
            extraErrors={errors}
            showErrorList={false}
            noHtml5Validate
            onError={() => undefined /* the fields show what is wrong: the user's to fix, not an error to log */}
            onSubmit={(e) => submit(e.formData ?? {})}
          >
            <div className="row">
              <span className="spacer" />
              {list && (
                <Link className="btn" to={list.path}>
                  {t('shell.cancel')}
                </Link>
              )}
              <button className="btn btn-primary" type="submit" disabled={loading}>
                {t('action.issue')}
              </button>
            </div>
          </Form>
        </div>
      )}
    </section>
  );
}
