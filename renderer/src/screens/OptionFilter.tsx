import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useGridFilter, type CustomFilterProps } from 'ag-grid-react';

/** One of a field's options, as the filter offers it: its stored value and its words in the reader's language. */
export interface FilterOption {
  value: string;
  label: string;
}

/**
 * The filter of a column of options (a status): a choice among the option's words in the reader's language, never a
 * stored English value to type ("active" or "Aktiv" found nothing and failed the list). Its model is the text filter's
 * "equals" (grid-filters.ts turns it into `?status=Active`); the list filters on the server, so no row is judged here.
 */
export function OptionFilter({
  model,
  onModelChange,
  options,
  colDef,
}: CustomFilterProps & { options: FilterOption[] }) {
  const { t } = useTranslation();
  const doesFilterPass = useCallback(() => true, []);
  useGridFilter({ doesFilterPass });
  const chosen = (model as { filter?: string } | null)?.filter ?? '';
  return (
    <div className="option-filter" style={{ padding: '0.5rem' }}>
      <select
        style={{ minWidth: '10rem', width: '100%' }}
        aria-label={colDef.headerName}
        value={chosen}
        onChange={(e) =>
          onModelChange(e.target.value ? { filterType: 'text', type: 'equals', filter: e.target.value } : null)
        }
      >
        <option value="">{t('inbox.filter.all')}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
