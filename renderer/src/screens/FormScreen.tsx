import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, matchPath, useLocation, useNavigate, useSearchParams } from 'react-router';
import Form from '@rjsf/core';
import type { ErrorSchema, RJSFSchema, UiSchema } from '@rjsf/utils';
import { get, post } from '../api/api-client.ts';
import { useFormValidator } from '../forms/use-form-validator.ts';
import { mergePrefill, sameValues } from '../forms/add-prefill.ts';
import { useCall, type CallError } from '../api/call-state.tsx';
import { enumName, optionLabel } from '../meta/labels.ts';
import { useMeta } from '../meta/meta-context.tsx';
import { useSession } from '../session/use-session.ts';
import type { EntityMeta, ScreenMeta } from '../meta/meta-types.ts';
import { ReferenceWidget } from '../widgets/ReferenceWidget.tsx';
import { DateWidget } from '../widgets/DateInput.tsx';
import { MoneyWidget } from '../widgets/MoneyInput.tsx';
import { StringListField } from '../widgets/StringListField.tsx';
import { editableFields, formMode, requiredNow, screensOf } from './entity-screens.ts';
import { boundValues, routeParams } from './screen-params.ts';
import { listAddress } from './screen-links.ts';
import { CUSTOM_PANELS } from '../custom/custom-panels.ts';
import { RecordHistory } from './RecordHistory.tsx';
import { formatFileSize } from '../format/formats.ts';
import { RecordChildren } from './RecordChildren.tsx';
import { PatchCommands } from './PatchCommands.tsx';
import { ShareCommands } from './ShareCommands.tsx';
import { UploadCommands } from './UploadCommands.tsx';
import { FileInput } from '../widgets/FileInput.tsx';
import { WorkflowActions } from './WorkflowActions.tsx';
import { Stepper } from '../lifecycle/Stepper.tsx';
import { allowedOn } from '../meta/record-allowed.ts';
import { NotFound, RecordForbidden } from '../shell/NotFound.tsx';
import { takeThen } from './then-transition.ts';
import { returnTo } from './came-from.ts';
import { questionsFieldOf } from './panel-transitions.ts';

type Row = Record<string, any>;

/** The server's field errors, on their fields. */
const toErrorSchema = (e: CallError): ErrorSchema =>
  Object.fromEntries(
    e.fieldErrors.filter((f) => f.field).map((f) => [f.field.split('.')[0], { __errors: [f.message] }]),
  ) as ErrorSchema;

/** An add or edit form from the entity's schema and uiSchema (react-jsonschema-form with ajv 8); edit also shows children and workflow actions. */
export default function FormScreen({ screen, entity }: { screen: ScreenMeta; entity: EntityMeta }) {
  const { t } = useTranslation();
  const validator = useFormValidator();
  const meta = useMeta();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { loading, run } = useCall();
  const mode = formMode(screen);
  // the record is named by ?id=, or by the path where the route has one (/app/actions-tracker/myresolutions/:id)
  const { pathname } = useLocation();
  // or by the parameter the screen binds to "id" (/objective/edit/:objectiveId); its other parameters are field values
  const bound = useMemo(() => boundValues(screen, pathname, params), [screen, pathname, params]);
  const pathId = screen.params ? bound.id : matchPath(screen.path, pathname)?.params.id;
  const id = Number(params.get('id') ?? pathId);
  const [record, setRecord] = useState<Row | null>(null);
  const [extraErrors, setExtraErrors] = useState<ErrorSchema | undefined>();
  // a screen about one kind of record goes back where it came from; the others to the entity's list
  const list = screen.preset || screen.owner ? undefined : screensOf(meta, entity.name, screen).list;
  // the screen the user came from (a list passes itself in the link's state): where Save and Cancel return
  const location = useLocation();
  const came = returnTo(location.state);
  const from = came?.from;
  const session = useSession();
  // what the screen is about (a kind of record, the caller as owner) is filled in and not asked for
  const preset = useMemo<Row>(
    () => ({
      ...screen.preset,
      ...(screen.owner === 'me' && entity.owner && session?.employeeId ? { [entity.owner]: session.employeeId } : {}),
      ...(mode === 'add'
        ? Object.fromEntries(
            Object.entries(bound).filter(
              ([k]) => k !== 'id' && entity.schema.properties[k] && !entity.schema.properties[k].readOnly,
            ),
          )
        : {}),
    }),
    [screen, entity, session, bound, mode],
  );
  // an add form starts from its parent chosen in the list (?businessUnitId=3) and the preset; a parent the server
  // derives (read-only) is not sent
  const prefill: Row =
    mode === 'add'
      ? {
          ...Object.fromEntries(
            [...params.entries()]
              .filter(([k]) => entity.schema.properties[k]?.['x-ref'] && !entity.schema.properties[k].readOnly)
              .map(([k, v]) => [k, Number(v)]),
          ),
          ...preset,
        }
      : {};
  const prefillKey = JSON.stringify(prefill);
  // what the reference selects see: the form, and on an add form the values the route binds, a parent the server
  // derives (read-only) included, so that a select keeps to that parent's records (x-refMatch) without it being sent
  const boundFields = useMemo(
    () => (mode === 'add' ? Object.fromEntries(Object.entries(bound).filter(([k]) => k !== 'id')) : {}),
    [bound, mode],
  );

  // The form is uncontrolled (initialFormData): a controlled rjsf form could put back a field's old value when the page
  // re-rendered while a keystroke was still being processed. formData follows its changes for the reference widgets;
  // a new formKey starts it afresh from what the server sent.
  // An add form is born holding its prefill, so that nothing typed lands on a form about to be replaced by it.
  const [formData, setFormData] = useState<Row>(() => prefill);
  const widgetData = useMemo(() => ({ ...boundFields, ...formData }), [boundFields, formData]);
  const [initial, setInitial] = useState<{ data: Row; key: number }>(() => ({ data: prefill, key: 0 }));
  // what the form holds now (typed included), for a prefill that changes later to merge into
  const held = useRef<Row>(prefill);
  const restart = (data: Row) => {
    held.current = data;
    setFormData(data);
    setInitial((i) => ({ data, key: i.key + 1 }));
  };

  const fields = useMemo(() => editableFields(entity), [entity]);
  // a field that some kinds of record need (an annual scorecard's plan) is required while the form holds one of them
  const conditional = requiredNow(entity, { ...formData, ...preset }).join(',');
  const schema = useMemo<RJSFSchema>(() => {
    const properties: Record<string, RJSFSchema> = {};
    for (const [name, f] of fields) {
      const { title, readOnly: _r, ...rest } = f;
      properties[name] = { ...(rest as RJSFSchema), title: title ? t(title) : name };
    }
    return {
      type: 'object',
      required: [...(entity.schema.required ?? []), ...(conditional ? conditional.split(',') : [])].filter(
        (r) => r in properties,
      ),
      properties,
    };
  }, [fields, entity, t, conditional]);
  // a record its state locks but for some fields (an agreed agreement's notes): those alone are open, as its _allowed says
  const openFields = mode === 'edit' && record ? allowedOn(entity, record).fields : undefined;
  const openKey = openFields?.join(',');
  // fields the metadata gives to another party (x-writeRoles): read-only to this caller, as the server says per record
  const closedKey = mode === 'edit' && record ? (allowedOn(entity, record).readOnlyFields ?? []).join(',') : '';
  // fields set only while the record holds some values (x-openWhen: a contract's status once it is signed), judged on
  // the record as stored, or on a new one's defaults: not offered while shut (the server refuses them too)
  const shutKey = fields
    .filter(([, f]) =>
      Object.entries(f['x-openWhen'] ?? {}).some(([k, values]) => {
        const v = mode === 'edit' ? record?.[k] : entity.schema.properties[k]?.default;
        return !(values as unknown[]).includes(v ?? null);
      }),
    )
    .map(([name]) => name)
    .join(',');
  const uiSchema = useMemo<UiSchema>(() => {
    const ui: UiSchema = { ...(entity.form.uiSchema as UiSchema), 'ui:submitButtonOptions': { norender: true } };
    const open = openKey === undefined ? undefined : openKey.split(',');
    const closed = closedKey ? closedKey.split(',') : [];
    const shut = shutKey ? shutKey.split(',') : [];
    for (const [name, f] of fields) {
      const own = (ui[name] as UiSchema | undefined) ?? {};
      // an employee named on a new record is picked among those the caller may add it for (the engine judges the field)
      // (or, for a reference whose employee the new record belongs to, x-ownerFrom, the records of those employees)
      const pickableFor =
        mode === 'add' && (f['x-ref'] === 'employee' || f['x-ownerFrom']) ? `${entity.name}.${name}` : undefined;
      if (f['x-ref'])
        ui[name] = { 'ui:widget': 'reference', 'ui:options': { entity: f['x-ref'], pickableFor }, ...own };
      else if (f.enum) ui[name] = { 'ui:enumNames': f.enum.map((v) => optionLabel(t, v, f)), ...own };
      else if (f['x-money']) ui[name] = { 'ui:widget': 'money', ...own };
      else if (
        f.type === 'array' &&
        (f.items as { type?: string; enum?: unknown } | undefined)?.type === 'string' &&
        !(f.items as { enum?: unknown }).enum
      )
        ui[name] = { 'ui:field': 'stringList', ...own };
      // option labels the metadata gives as i18n keys (an API token's modules) in the reader's words; plain ones (Q1) stay
      const named = (ui[name] as UiSchema | undefined)?.['ui:enumNames'] as string[] | undefined;
      if (named) ui[name] = { ...(ui[name] as UiSchema), 'ui:enumNames': named.map((n) => enumName(t, n)) };
      // a rule the server holds that the choices alone do not show (whom a 360 reviewer may be), said beside the field
      if (f['x-help']) ui[name] = { ...(ui[name] as UiSchema), 'ui:help': t(f['x-help']) };
      if (name in preset) ui[name] = { ...(ui[name] as UiSchema), 'ui:widget': 'hidden' };
      if (open && !open.includes(name)) ui[name] = { ...(ui[name] as UiSchema), 'ui:readonly': true };
      if (closed.includes(name)) ui[name] = { ...(ui[name] as UiSchema), 'ui:readonly': true };
      if (shut.includes(name)) ui[name] = { ...(ui[name] as UiSchema), 'ui:widget': 'hidden' };
      // a field the metadata gives to a party of the record (x-writeRoles: the employee's own note, the committee's)
      // is written on the record once it exists, by that party: an add form that offered it would be refused
      if (mode === 'add' && f['x-writeRoles']?.length) ui[name] = { ...(ui[name] as UiSchema), 'ui:widget': 'hidden' };
    }
    return ui;
  }, [fields, entity, t, preset, openKey, closedKey, shutKey, mode]);

  /**
   * The record as the server now has it, in the form too: a transition or an upload may change other fields (a
   * completion date, a contract's status), and a later save sends only what differs from the record it shows.
   */
  const show = (r: Row) => {
    setRecord(r);
    restart(Object.fromEntries(fields.filter(([n]) => r[n] !== null && r[n] !== undefined).map(([n]) => [n, r[n]])));
  };
  // a record the caller may not read (or that is not there) is said so on the page, instead of a dialog and a page that
  // stays "Loading…"
  // (the page says it once, with the server's words on who may read it: no dialog besides)
  const [unreadable, setUnreadable] = useState<{ code: 'forbidden' | 'not_found'; why: string } | null>(null);
  const load = () =>
    run(entity.errors.read ?? entity.errors.list, () => get(`${entity.name}/${id}`), {
      onFailure: (e) => {
        if (e.code !== 'forbidden' && e.code !== 'not_found') return false;
        setUnreadable({ code: e.code, why: e.message });
        return true;
      },
    }).then((d) => {
      if (d) show(d[entity.dataKeys.item]);
    });
  /** After a transition or an upload: its reply at once, then the record read again with its children (a new status entry). */
  const changed = (r: Row) => {
    show({ ...record, ...r });
    void load();
  };

  useEffect(() => {
    if (mode === 'edit') {
      if (!id) return;
      void load();
    } else {
      // a prefill that changes after the form came (the signed-in caller as owner, another parent) merges into what
      // was typed, which it never wipes; one that changes nothing leaves the form as it is
      const merged = mergePrefill(prefill, held.current, Object.keys(preset));
      if (!sameValues(merged, held.current)) restart(merged);
    }
    // by the entity's name, not its object: /meta read again (after a save elsewhere) must not wipe what is being typed
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [entity.name, mode, id, prefillKey]);

  // where Save and Cancel return: the screen the user came from; else the list with its parameters filled (a pillar's
  // form returns to /strategic-plan/3/pillar); else back in the history
  const parentParams = [...params.entries()].filter(([k]) => k !== 'id');
  const back = from ?? listAddress(list, routeParams(screen, pathname), { ...record, ...formData }, parentParams);
  // going back to the screen it came from restores that screen's own way back
  const backState = from !== undefined ? came?.fromState : undefined;
  const backToList = () => (back ? navigate(back, { state: backState }) : navigate(-1));

  // an entity that adds a record with its file in one call (`attach`: a user manual, an evidence) takes the file on Add
  const attach = mode === 'add' ? entity.commands.find((c) => c.kind === 'attach') : undefined;
  const [file, setFile] = useState<File | null>(null);

  const submit = async (data: Row) => {
    setExtraErrors(undefined);
    const body =
      mode === 'edit'
        ? {
            ...changes(
              data,
              record!,
              fields.map(([n]) => n),
            ),
            id: record!.id,
            version: record!.version,
          }
        : stripEmpty(data);
    const onFailure = (e: CallError) => setExtraErrors(toErrorSchema(e));
    const r =
      attach && file
        ? await run(
            attach.error ?? entity.errors.add,
            () => post(`${entity.name}/${attach.name}`, attachBody(body, file)),
            { onFailure },
          ).then((d) => d && { [entity.dataKeys.item]: d[attach.dataKey].record })
        : await run(
            mode === 'edit' ? entity.errors.update : entity.errors.add,
            () => post(`${entity.name}/${mode === 'edit' ? 'update' : 'add'}`, body),
            { onFailure },
          );
    // a send form sends what it added; a refusal shows over the list, where the record waits as added
    if (r && mode === 'add' && screen.then) await takeThen(run, entity, screen.then, r[entity.dataKeys.item]);
    if (r) backToList();
  };

  // a record the caller may read but not change is shown as it is: no Save, nothing to type into
  const readOnly = mode === 'edit' && record !== null && (!!screen.readOnly || !allowedOn(entity, record).update);
  const mayAct =
    record !== null &&
    (allowedOn(entity, record).transitions.length > 0 || allowedOn(entity, record).commands.length > 0);
  if (mode === 'edit' && !id)
    return (
      <p className="error-text" data-screen="form" data-entity={entity.name}>
        {t('shell.noRecordChosen')}
      </p>
    );
  if (unreadable?.code === 'forbidden') return <RecordForbidden label={entity.label} why={unreadable.why} />;
  if (unreadable?.code === 'not_found') return <NotFound />;
  if (mode === 'edit' && !record) return <p aria-busy="true">{t('shell.loading')}</p>;
  return (
    <section
      data-screen="form"
      data-entity={entity.name}
      data-mode={mode}
      data-record-id={record?.id as number | undefined}
      data-report={screen.readOnly || undefined}
    >
      <h1>
        {readOnly
          ? t(entity.label)
          : t(mode === 'edit' ? 'shell.editWhat' : 'shell.addWhat', { what: t(entity.label) })}
      </h1>
      {readOnly && (
        <p className="muted" data-testid="read-only">
          {/* a record whose fields are closed may still have steps the caller takes (open, close a period): then say only the fields are */}
          {t(mayAct ? 'shell.readOnlyFieldsNote' : 'shell.readOnlyNote')}
        </p>
      )}
      {!readOnly && openFields && entity.workflow && (
        <p className="muted" data-testid="partly-open">
          {t('shell.partlyOpenNote', { state: optionLabel(t, record![entity.workflow.stateField]) })}
        </p>
      )}
      {/* where a record with a workflow stands: its states in order, who moved it into each and when */}
      {record && typeof record.id === 'number' && <Stepper entity={entity} record={record} />}
      {record && <WorkflowActions entity={entity} record={record} onChanged={changed} />}
      <div className="card form-box">
        <Form
          key={initial.key}
          schema={schema}
          uiSchema={uiSchema}
          initialFormData={initial.data}
          validator={validator}
          widgets={{ reference: ReferenceWidget, DateWidget, money: MoneyWidget }}
          fields={{ stringList: StringListField }}
          formContext={{ formData: widgetData, properties: entity.schema.properties, record }}
          extraErrors={extraErrors}
          showErrorList={false}
          // the fields show what is wrong; a failed check is the user\'s to fix, not an error to log
          onError={() => undefined}
          noHtml5Validate
          disabled={readOnly}
          onChange={(e) => {
            held.current = e.formData ?? {};
            setFormData(e.formData ?? {});
          }}
          onSubmit={(e) => submit(e.formData ?? {})}
        >
          {attach && (
            <div className="stack" style={{ marginBottom: 'var(--space-4)' }}>
              <label htmlFor={`attach-${attach.name}`}>
                {t(entity.schema.properties[attach.fields[0]]?.title ?? attach.fields[0])}
              </label>
              <FileInput
                id={`attach-${attach.name}`}
                testId="attach-file"
                mimeTypes={attach.mimeTypes}
                maxBytes={attach.maxBytes}
                disabled={loading}
                chosen={file && `${file.name} (${formatFileSize(file.size)})`}
                onFile={setFile}
              />
            </div>
          )}
          <div className="row">
            <span className="spacer" />
            {back ? (
              <Link className="btn" to={back} state={backState}>
                {t(readOnly ? 'shell.back' : 'shell.cancel')}
              </Link>
            ) : (
              <button type="button" className="btn" onClick={() => navigate(-1)}>
                {t(readOnly ? 'shell.back' : 'shell.cancel')}
              </button>
            )}
            {!readOnly && (
              <button className="btn btn-primary" type="submit" disabled={loading}>
                {t('shell.save')}
              </button>
            )}
          </div>
        </Form>
      </div>
      {record &&
        panelsOf(screen, entity).map((name) => {
          const Panel = CUSTOM_PANELS[name];
          return Panel ? (
            <Suspense key={name} fallback={<p aria-busy="true">{t('shell.loading')}</p>}>
              <Panel entity={entity} record={record} onChanged={changed} />
            </Suspense>
          ) : null;
        })}
      {record && <PatchCommands entity={entity} record={record} onChanged={changed} />}
      {record && <ShareCommands entity={entity} record={record} onChanged={changed} />}
      {record && <UploadCommands entity={entity} record={record} onChanged={changed} />}
      {record && <RecordChildren entity={entity} record={record} onChanged={setRecord} report={!!screen.readOnly} />}
      {record && typeof record.id === 'number' && <RecordHistory entity={entity} record={record} />}
    </section>
  );
}

/**
 * The panels under a record's form: those the screen names, and the questions' panel wherever the entity has answers
 * to questions (`x-questions`). Its answers are seen and given only there (the workflow's buttons leave out the
 * transition that stores them), so every form of such a record shows it, not only the screens that remember to name it.
 */
function panelsOf(screen: ScreenMeta, entity: EntityMeta): string[] {
  const named: string[] = screen.panels ?? [];
  return questionsFieldOf(entity) && !named.includes('QuestionAnswers') ? [...named, 'QuestionAnswers'] : named;
}

/** An add with its file: the record's fields as text beside the file, in the multipart field the engine reads ("document"). */
function attachBody(values: Row, file: File): FormData {
  const body = new FormData();
  for (const [k, v] of Object.entries(values))
    if (v !== null && v !== undefined && typeof v !== 'object') body.set(k, String(v));
  body.set('document', file);
  return body;
}

/** Add sends only what was filled in. */
const stripEmpty = (d: Row) => Object.fromEntries(Object.entries(d).filter(([, v]) => v !== undefined && v !== ''));
/** Update sends what changed; a field emptied by the user is cleared (null). */
function changes(d: Row, before: Row, names: string[]): Row {
  const out: Row = {};
  for (const k of names) {
    const v = d[k] === '' || d[k] === undefined ? null : d[k];
    if (v !== (before[k] ?? null)) out[k] = v;
  }
  return out;
}
