import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ComboboxOption {
  id: number;
  title: string;
}

type ComboboxProps = {
  /** the input's id: the form's label points at it (`<label for>`), and tests find the field by it */
  id: string;
  /** the field's label, for the list of options (a screen reader names the list by it) */
  label: string;
  /** the chosen record, or null */
  value: number | null;
  /** the chosen record's title, shown while the list is closed */
  chosenTitle: string;
  /** the options that match what is typed (the caller filters, on the server where the list is long) */
  options: readonly ComboboxOption[];
  /** what is typed, for the caller to filter by ('' when the list opens without typing) */
  onQuery: (text: string) => void;
  onChoose: (id: number | undefined) => void;
  disabled?: boolean;
  required?: boolean;
  invalid?: boolean;
  /** the options are being read: the list says so instead of "no match" */
  busy?: boolean;
  /** a line under the options (how many more there are than shown) */
  note?: ReactNode;
  /** where a record that is not there yet is added (a link), offered with the options: none matching is not a dead end */
  addAction?: ReactNode;
};

/**
 * One field to find and choose a record: type part of its title, move with the arrow keys, choose with Enter or a click,
 * Escape to close, × to clear; closed, it shows the chosen record's title. The WAI-ARIA combobox pattern with a list
 * (role combobox on the input, `aria-expanded`, `aria-activedescendant`; a listbox of options), written here because
 * none of the app's libraries has one: a select beside a search box asked two things of the user for one choice.
 */
export function Combobox({
  id,
  label,
  value,
  chosenTitle,
  options,
  onQuery,
  onChoose,
  disabled,
  required,
  invalid,
  busy,
  note,
  addAction,
}: ComboboxProps) {
  const { t } = useTranslation();
  const listId = `${id}__listbox`;
  const optionId = `${id}__option`;
  const noteId = useId();
  const [open, setOpen] = useState(false);
  // what the user typed since the list opened; null: nothing typed, the input shows the chosen title
  const [typed, setTyped] = useState<string | null>(null);
  const [active, setActive] = useState(-1);
  const list = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const text = typed ?? chosenTitle;

  // the highlighted option follows the options: the first one while typing, else the chosen one
  useEffect(() => {
    if (!open) return setActive(-1);
    const chosen = options.findIndex((o) => o.id === value);
    setActive(typed === null && chosen >= 0 ? chosen : options.length ? 0 : -1);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, options]);
  // the highlighted option stays in sight as the arrow keys move it
  useEffect(() => {
    if (active >= 0) list.current?.children[active]?.scrollIntoView?.({ block: 'nearest' });
  }, [active]);

  const show = () => {
    if (open || disabled) return;
    setOpen(true);
    onQuery('');
  };
  /** Closes the list; what was typed goes, and an emptied field clears the choice. */
  const close = (emptied = false) => {
    setOpen(false);
    if (emptied && typed !== null && typed.trim() === '' && value !== null) onChoose(undefined);
    setTyped(null);
  };
  const choose = (o: ComboboxOption) => {
    onChoose(o.id);
    setOpen(false);
    setTyped(null);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) return show();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((a) => (options.length ? (a + step + options.length) % options.length : -1));
    } else if (e.key === 'Enter') {
      // Enter chooses while the list is open; it never sends the form from here
      if (open) {
        e.preventDefault();
        if (active >= 0 && options[active]) choose(options[active]);
      }
    } else if (e.key === 'Escape') {
      if (open) {
        e.preventDefault();
        e.stopPropagation();
        close();
      }
    } else if (e.key === 'Tab') close(true);
  };

  return (
    <div className="combobox" data-open={open || undefined}>
      <div className="combobox-field">
        <input
          ref={input}
          id={id}
          className="form-control input"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={
            open && active >= 0 && options[active] ? `${optionId}-${options[active].id}` : undefined
          }
          aria-describedby={open && note ? noteId : undefined}
          aria-invalid={invalid || undefined}
          required={required}
          autoComplete="off"
          placeholder={t('shell.typeToFind')}
          disabled={disabled}
          value={text}
          data-value={value ?? ''}
          onChange={(e) => {
            setTyped(e.target.value);
            setOpen(true);
            onQuery(e.target.value.trim());
          }}
          onClick={show}
          onKeyDown={onKeyDown}
          onBlur={() => close(true)}
        />
        {value !== null && !disabled && (
          <button
            type="button"
            className="btn combobox-clear"
            aria-label={t('shell.clearChoice', { field: label })}
            title={t('shell.clearChoice', { field: label })}
            // pressed without taking the focus from the input (its blur would close the list first)
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => {
              onChoose(undefined);
              setTyped(null);
            }}
          >
            ×
          </button>
        )}
        {/* a field that cannot be changed shows its record's title alone: nothing to open */}
        {!disabled && (
          <button
            type="button"
            className="btn combobox-toggle"
            tabIndex={-1}
            aria-label={t('shell.showOptions', { field: label })}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => {
              if (open) return close();
              input.current?.focus();
              show();
            }}
          >
            <svg
              width="12"
              height="12"
              viewBox="0 0 12 12"
              aria-hidden="true"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.5"
            >
              <path d="M2 4.5l4 4 4-4" />
            </svg>
          </button>
        )}
      </div>
      {open && (
        <div className="combobox-popup" aria-busy={busy || undefined}>
          <div ref={list} id={listId} role="listbox" aria-label={label}>
            {options.map((o, i) => (
              // chosen by the input's keys (the active option is its aria-activedescendant) or a click: never focused
              // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard works on the input, as the combobox pattern has it
              <div
                key={o.id}
                tabIndex={-1}
                id={`${optionId}-${o.id}`}
                role="option"
                aria-selected={o.id === value}
                className={i === active ? 'combobox-option active' : 'combobox-option'}
                onMouseDown={(e) => e.preventDefault()}
                onMouseMove={() => i !== active && setActive(i)}
                onClick={() => choose(o)}
              >
                {o.title}
              </div>
            ))}
          </div>
          {!options.length && (
            <p className="muted combobox-note" role="status">
              {t(busy ? 'shell.loading' : typed?.trim() ? 'shell.noMatch' : 'shell.noRecords')}
            </p>
          )}
          {note && options.length > 0 && (
            <p id={noteId} className="muted combobox-note">
              {note}
            </p>
          )}
          {addAction && !busy && (
            // pressed without taking the focus from the input: its blur would close the list before the click lands
            <p className="combobox-note" onMouseDown={(e) => e.preventDefault()}>
              {addAction}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
