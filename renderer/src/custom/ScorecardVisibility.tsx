import { useTranslation } from 'react-i18next';
import { post } from '../api/api-client.ts';
import { useCall } from '../api/call-state.tsx';

type Row = Record<string, any>;

/**
 * Whether a scorecard of nobody (corporate, unit, department) is shown to employees, and, for a module admin, the button
 * that shows or hides it (`set-visible`): until it is shown, only the PM committee and the plan's QA members read it,
 * its KPIs and its comments. A library scorecard is every employee's to copy, shown or not.
 */
export function ScorecardVisibility({
  record,
  mayChange,
  onChanged,
}: {
  record: Row;
  mayChange: boolean;
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const { loading, run } = useCall();
  if (record.employeeId != null || record.level === 'library') return null;
  const toggle = async () => {
    const d = await run('error.setScorecardVisible', () =>
      post('performance-scorecard/set-visible', { id: record.id, version: record.version, visible: !record.visible }),
    );
    if (d) onChanged();
  };
  return (
    <p className="row" data-visible={record.visible ? 'yes' : 'no'}>
      <span className={record.visible ? 'badge badge-success' : 'badge'}>
        {t(record.visible ? 'scorecard.shownToEmployees' : 'scorecard.notShownToEmployees')}
      </span>
      {mayChange && (
        <button type="button" className="btn btn-sm" disabled={loading} onClick={toggle}>
          {t(record.visible ? 'scorecard.hideFromEmployees' : 'scorecard.showToEmployees')}
        </button>
      )}
    </p>
  );
}
