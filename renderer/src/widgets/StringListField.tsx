import { useEffect, useState } from 'react';
import type { FieldProps } from '@rjsf/utils';

const toText = (value: unknown) => (Array.isArray(value) ? value.join(', ') : '');
const toList = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * A list of short strings (e-mail domains, tags) as one text box, separated by commas or spaces: easier to type and
 * read than one box per item with add and remove buttons.
 */
export function StringListField(props: FieldProps) {
  const { schema, formData, onChange, required, disabled, readonly, rawErrors, fieldPathId } = props;
  const id = fieldPathId.$id;
  const [text, setText] = useState(toText(formData));
  // follow a record loaded after the first render, without undoing what is being typed
  useEffect(() => {
    if (toList(text).join(',') !== (Array.isArray(formData) ? formData.join(',') : '')) setText(toText(formData));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [formData]);
  return (
    <div className="form-group field field-array">
      <label className="control-label" htmlFor={id}>
        {schema.title}
        {required ? '*' : null}
      </label>
      <input
        id={id}
        name={id}
        className="form-control"
        value={text}
        disabled={disabled || readonly}
        aria-invalid={Boolean(rawErrors?.length)}
        onChange={(e) => {
          setText(e.target.value);
          const list = toList(e.target.value);
          onChange(list.length ? list : undefined, fieldPathId.path);
        }}
      />
      {rawErrors?.length ? (
        <ul className="error-detail">
          {rawErrors.map((m) => (
            <li key={m} className="text-danger">
              {m}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
