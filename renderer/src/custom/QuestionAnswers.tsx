import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { get, post } from '../api/api-client.ts';
import { useCall } from '../api/call-state.tsx';
import { useMeta } from '../meta/meta-context.tsx';
import { allowedOn } from '../meta/record-allowed.ts';
import type { PanelProps } from './custom-panels.ts';
import { questionsFieldOf } from '../screens/panel-transitions.ts';

type Row = Record<string, any>;
interface Answer {
  value?: number;
  comment?: string;
}

/**
 * The questions a record's answers field (`x-questions`) answers, under its form: each question with its text, under
 * its group, rated on the scale's steps with a comment. While the transition that stores the answers is open to the
 * caller (the receiver of a sent survey) the steps are choices and "Save answers" takes it with every answer given;
 * otherwise the answers are shown as given.
 */
export default function QuestionAnswers({ entity, record, onChanged }: PanelProps) {
  const { t } = useTranslation();
  const meta = useMeta();
  const { loading, run } = useCall();
  const [field, of] = questionsFieldOf(entity) ?? [];
  const questionEntity = of && meta.entities.find((e) => e.name === of.entity);
  const scaleEntity = of?.scale ? meta.entities.find((e) => e.name === of.scale) : undefined;
  const groupRef = of?.group && questionEntity ? questionEntity.schema.properties[of.group]?.['x-ref'] : undefined;
  const groupEntity = groupRef ? meta.entities.find((e) => e.name === groupRef) : undefined;
  const [questions, setQuestions] = useState<Row[] | null>(null);
  const [scale, setScale] = useState<Row[]>([]);
  const [groups, setGroups] = useState<Map<number, string>>(new Map());
  const given = useMemo(
    () =>
      new Map<number, Answer>(
        ((field && (record[field] as Row[] | null)) || []).map((a) => [
          Number(a[of!.key]),
          { value: a.value, comment: a.comment },
        ]),
      ),
    [record, field, of],
  );
  const [draft, setDraft] = useState<Map<number, Answer>>(given);
  useEffect(() => setDraft(given), [given]);
  const by = of ? record[of.by] : undefined;

  useEffect(() => {
    if (!of || !questionEntity || by === undefined || by === null) return;
    void (async () => {
      const q = await run(questionEntity.errors.list, () =>
        get(questionEntity.name, { [of.by]: by, limit: 500, sort: 'id' }),
      );
      const list: Row[] = q ? q[questionEntity.dataKeys.list] : [];
      setQuestions(list);
      if (scaleEntity) {
        const s = await run(scaleEntity.errors.list, () =>
          get(scaleEntity.name, { [of.by]: by, limit: 100, sort: 'value' }),
        );
        if (s) setScale(s[scaleEntity.dataKeys.list]);
      }
      const ids = [...new Set(list.map((x) => x[of.group!]).filter((v): v is number => typeof v === 'number'))];
      if (groupEntity && ids.length) {
        const g = await run(groupEntity.errors.list, () =>
          get(groupEntity.name, { 'id[in]': ids.join(','), limit: 500 }),
        );
        if (g)
          setGroups(
            new Map(
              (g[groupEntity.dataKeys.list] as Row[]).map((x) => [x.id, String(x[groupEntity.titleField] ?? x.id)]),
            ),
          );
      }
    })();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [of?.entity, by]);

  if (!field || !of) return null;
  const save = of.save ? entity.workflow?.transitions.find((x) => x.action === of.save) : undefined;
  const editable = !!save && allowedOn(entity, record).transitions.includes(save.action);
  const stepName = (v: number | undefined) => {
    const step = scale.find((s) => s.value === v);
    return v === undefined ? t('shell.notAnswered') : step ? `${step.name} (${v})` : String(v);
  };
  const set = (id: number, change: Answer) => setDraft((d) => new Map(d).set(id, { ...d.get(id), ...change }));
  const submit = async () => {
    const answers = [...draft.entries()]
      .filter(([, a]) => a.value !== undefined)
      .map(([id, a]) => ({ [of.key]: id, value: a.value, ...(a.comment ? { comment: a.comment } : {}) }));
    const d = await run(save!.error, () =>
      post(`${entity.name}/${save!.action}`, { id: record.id, version: record.version, [field]: answers }),
    );
    if (d) onChanged({ ...record, ...d[entity.dataKeys.item] });
  };

  // the questions in their groups, in the order they were written
  const sections: { title?: string; items: Row[] }[] = [];
  for (const q of questions ?? []) {
    const title = of.group && q[of.group] ? (groups.get(q[of.group]) ?? '') : undefined;
    const last = sections[sections.length - 1];
    if (last && last.title === title) last.items.push(q);
    else sections.push({ title, items: [q] });
  }
  return (
    <div className="card" data-testid="question-answers">
      <h2>{t(entity.schema.properties[field].title ?? field)}</h2>
      {questions === null ? (
        <p aria-busy="true">{t('shell.loading')}</p>
      ) : questions.length === 0 ? (
        <p className="muted">{t('shell.noQuestions')}</p>
      ) : (
        sections.map((s, i) => (
          <fieldset key={i} className="question-group">
            {s.title !== undefined && <legend>{s.title}</legend>}
            {s.items.map((q) => {
              const a = draft.get(q.id) ?? {};
              return (
                // biome-ignore lint/a11y/useSemanticElements: a card, not a fieldset's frame; the group names the question
                <div
                  key={q.id}
                  className="question"
                  data-testid={`question-${q.id}`}
                  role="group"
                  aria-label={String(q[of.text])}
                >
                  <p>
                    <strong>{String(q[of.text])}</strong>
                  </p>
                  {editable ? (
                    <>
                      <div className="row" role="radiogroup" aria-label={String(q[of.text])}>
                        {scale.map((step) => (
                          <label key={step.value} className="radio">
                            <input
                              type="radio"
                              name={`q${q.id}`}
                              checked={a.value === step.value}
                              onChange={() => set(q.id, { value: step.value })}
                            />{' '}
                            {step.name} ({step.value})
                          </label>
                        ))}
                      </div>
                      <input
                        type="text"
                        aria-label={`${t('field.comment')}: ${q[of.text]}`}
                        placeholder={t('field.comment')}
                        value={a.comment ?? ''}
                        maxLength={2000}
                        onChange={(e) => set(q.id, { comment: e.target.value })}
                      />
                    </>
                  ) : (
                    <p data-testid="answer">
                      {stepName(a.value)}
                      {a.comment ? ` — ${a.comment}` : ''}
                    </p>
                  )}
                </div>
              );
            })}
          </fieldset>
        ))
      )}
      {editable && !!questions?.length && (
        <div className="row">
          <span className="spacer" />
          <button type="button" className="btn btn-primary" disabled={loading} onClick={submit}>
            {t('shell.saveAnswers')}
          </button>
        </div>
      )}
    </div>
  );
}
