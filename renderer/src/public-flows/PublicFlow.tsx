import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, useNavigate } from 'react-router';
import { post } from '../api/api-client.ts';
import { useCall } from '../api/call-state.tsx';
import { optionLabel } from '../meta/labels.ts';
import { Field, SessionPage } from '../sessions/SessionPage.tsx';
import {
  answerField,
  forgetToken,
  publicCall,
  storedToken,
  storeToken,
  type PublicFlowInfo,
  type PublicFlowScreen,
  type PublicQuestion,
} from './public-flow-api.ts';

/**
 * The pages of a public flow (a questionnaire, a survey review) for a respondent who never signs in: auth reads the
 * token from the mailed link's fragment (or, for a signed-in colleague coming from My inbox, takes one for the
 * recipient the fragment names) and opens the flow, complete saves each answer as it is given and submits
 * once, success thanks them. `screens` are the flow's pages, to find the next one.
 */
export default function PublicFlow({ screen, screens }: { screen: PublicFlowScreen; screens: PublicFlowScreen[] }) {
  const { t } = useTranslation();
  const title = t(`publicFlow.${screen.phase}`);
  const pageOf = (phase: PublicFlowScreen['phase']) =>
    screens.find((s) => s.flow === screen.flow && s.phase === phase)?.path;
  return (
    <SessionPage title={title}>
      {screen.phase === 'auth' && (
        <Authenticate flow={screen.flow} errors={screen.errors} completePath={pageOf('complete')} />
      )}
      {screen.phase === 'complete' && (
        <Complete flow={screen.flow} errors={screen.errors} successPath={pageOf('success')} authPath={pageOf('auth')} />
      )}
      {screen.phase === 'success' && (
        <p role="status" data-testid="public-flow-success">
          {t('publicFlow.thanks')}
        </p>
      )}
    </SessionPage>
  );
}

/** Fills a page's parameters (:auditQuestionnaireId, :userId) from what the flow's info names, else the recipient. */
function completeAddress(path: string, info: PublicFlowInfo): string {
  const params = Object.fromEntries(
    (path.match(/:(\w+)/g) ?? []).map((p) => [p.slice(1), String(info[p.slice(1)] ?? info.recipientId)]),
  );
  return generatePath(path, params);
}

function Authenticate({
  flow,
  errors,
  completePath,
}: {
  flow: string;
  errors: PublicFlowScreen['errors'];
  completePath?: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { loading, run } = useCall();
  const [code, setCode] = useState('');
  const open = async (token: string) => {
    const data = await run(errors.auth, () => publicCall<{ info: PublicFlowInfo }>('POST', `${flow}/auth`, { token }));
    if (!data || !completePath) return;
    storeToken(flow, token);
    navigate(completeAddress(completePath, data.info), { replace: true });
  };
  useEffect(() => {
    const hash = new URLSearchParams(window.location.hash.slice(1));
    const token = hash.get('token');
    // My inbox opens a colleague's own review by its recipient: a pass of theirs, taken with their session
    const recipientId = Number(hash.get('recipient'));
    if (!token && !recipientId) return;
    // out of the address (and so out of the history and any screenshot) as soon as it is read
    window.history.replaceState(null, '', window.location.pathname);
    if (token) void open(token);
    else
      void run(errors.auth, () => post<{ token: string }>(`public/${flow}/mine`, { recipientId })).then(
        (data) => data && open(data.token),
      );
  }, []); // eslint-disable-line react-hooks/exhaustive-deps
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (code.trim()) void open(code.trim());
  };
  return (
    <form className="stack" onSubmit={submit}>
      <p className="muted">{t('publicFlow.authIntro')}</p>
      <Field
        id="code"
        label={t('publicFlow.code')}
        autoComplete="off"
        required
        value={code}
        onChange={(e) => setCode(e.target.value)}
      />
      <button className="btn btn-primary" type="submit" disabled={loading}>
        {t('publicFlow.open')}
      </button>
    </form>
  );
}

function Complete({
  flow,
  errors,
  successPath,
  authPath,
}: {
  flow: string;
  errors: PublicFlowScreen['errors'];
  successPath?: string;
  authPath?: string;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { run } = useCall();
  const token = storedToken(flow);
  const [info, setInfo] = useState<PublicFlowInfo | null>(null);
  const [values, setValues] = useState<Record<number, unknown>>({});
  const [saved, setSaved] = useState<Record<number, boolean>>({});
  // the text answers typed but not yet saved (their box still has the focus when Submit is clicked)
  const drafts = useRef<Record<number, string>>({});
  const [submitting, setSubmitting] = useState(false);
  useEffect(() => {
    if (!token) return;
    void run(errors.auth, () => publicCall<{ info: PublicFlowInfo }>('POST', `${flow}/auth`, { token })).then(
      (data) => {
        if (!data) return;
        setInfo(data.info);
        const given: Record<number, unknown> = {};
        for (const q of data.info.questions) {
          const a = data.info.answers.find(
            (x) => x.questionId === q.id && x[answerField(q)] !== undefined && x[answerField(q)] !== null,
          );
          if (a) given[q.id] = a[answerField(q)];
        }
        setValues(given);
        setSaved(Object.fromEntries(Object.keys(given).map((k) => [k, true])));
      },
    );
    // the flow's title and introduction come worded in the page's language: asked again when it changes
  }, [flow, token, i18n.language]); // eslint-disable-line react-hooks/exhaustive-deps
  const groups = useMemo(() => {
    const out = new Map<string, PublicQuestion[]>();
    for (const q of info?.questions ?? []) out.set(q.group ?? '', [...(out.get(q.group ?? '') ?? []), q]);
    return [...out];
  }, [info]);
  if (!token)
    return (
      <p role="alert">
        {t('publicFlow.noLink')} {authPath && <a href={authPath}>{t('publicFlow.auth')}</a>}
      </p>
    );
  if (!info) return <p aria-busy="true">{t('shell.loading')}</p>;
  const save = async (q: PublicQuestion, value: unknown) => {
    setValues((v) => ({ ...v, [q.id]: value }));
    setSaved((s) => ({ ...s, [q.id]: false }));
    const ok = await run(errors.answer, () =>
      publicCall('POST', `${flow}/answer`, { token, questionId: q.id, [answerField(q)]: value }),
    );
    if (ok) {
      setSaved((s) => ({ ...s, [q.id]: true }));
      delete drafts.current[q.id];
    }
    return Boolean(ok);
  };
  // one click on Submit submits: a text answer still being typed (its box not yet left) is saved first, and the button
  // is not disabled by that save (a blur's save used to swallow the click, so the first one only saved)
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (submitting) return;
    setSubmitting(true);
    try {
      for (const q of info.questions) {
        const draft = drafts.current[q.id];
        if (draft !== undefined && draft !== values[q.id] && !(await save(q, draft))) return;
      }
      if (!(await run(errors.submit, () => publicCall('POST', `${flow}/submit`, { token })))) return;
    } finally {
      setSubmitting(false);
    }
    forgetToken(flow);
    if (successPath) navigate(successPath, { replace: true });
  };
  return (
    <form className="stack" onSubmit={submit} data-testid="public-flow-form">
      <h2>{info.title}</h2>
      {info.intro && <p className="muted">{info.intro}</p>}
      {groups.map(([group, questions]) => (
        <fieldset key={group} className="stack">
          {group && <legend>{group}</legend>}
          {questions.map((q) => (
            <Question
              key={q.id}
              question={q}
              value={values[q.id]}
              saved={saved[q.id]}
              onAnswer={(v) => void save(q, v)}
              onDraft={(v) => (drafts.current[q.id] = v)}
            />
          ))}
        </fieldset>
      ))}
      <button className="btn btn-primary" type="submit" disabled={submitting}>
        {t('publicFlow.submit')}
      </button>
    </form>
  );
}

function Question({
  question: q,
  value,
  saved,
  onAnswer,
  onDraft,
}: {
  question: PublicQuestion;
  value: unknown;
  saved?: boolean;
  onAnswer: (v: unknown) => void;
  onDraft: (v: string) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(typeof value === 'string' ? value : '');
  const id = `question-${q.id}`;
  const label = (
    <span>
      {q.text}
      {q.required && <span aria-hidden="true"> *</span>}{' '}
      {saved && (
        <small className="muted" data-testid={`saved-${q.id}`}>
          ({t('publicFlow.saved')})
        </small>
      )}
    </span>
  );
  if (q.type === 'text')
    return (
      <div className="stack" style={{ gap: 4 }}>
        <label htmlFor={id}>{label}</label>
        <textarea
          id={id}
          className="input"
          rows={3}
          required={q.required}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            onDraft(e.target.value);
          }}
          onBlur={() => text !== value && onAnswer(text)}
        />
      </div>
    );
  return (
    <div role="radiogroup" aria-labelledby={`${id}-label`} className="stack" style={{ gap: 4 }}>
      <span id={`${id}-label`}>{label}</span>
      <div className="row" style={{ flexWrap: 'wrap' }}>
        {(q.options ?? []).map((o) => (
          <label key={String(o.value)} className="row" style={{ gap: 4 }}>
            <input
              type="radio"
              name={id}
              value={String(o.value)}
              checked={value === o.value}
              onChange={() => onAnswer(o.value)}
            />
            {/* a worded option (Yes, No) in the reader's language; a scale's own labels as the flow gives them */}
            {typeof o.value === 'string' && o.label === o.value ? optionLabel(t, o.value) : o.label}
          </label>
        ))}
      </div>
    </div>
  );
}
