import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { get } from '../api/api-client.ts';
import { useCall } from '../api/call-state.tsx';
import { formatFigure } from '../format/formats.ts';
import { useMeta } from '../meta/meta-context.tsx';
import type { PanelProps } from './custom-panels.ts';

type Row = Record<string, any>;
interface AgreedKpi {
  id: number;
  area: string | null;
  name: string;
  weight: number | null;
  baseline: number | null;
  target: number | null;
}

/**
 * What an agreement agrees to, under its form: the KPIs of its scorecard with their key performance area, weight,
 * baseline and target, read-only. Without them the employee is asked to agree to a scorecard's name.
 */
export default function AgreementKpis({ record }: PanelProps) {
  const { t } = useTranslation();
  const meta = useMeta();
  const { run } = useCall();
  const scorecards = meta.entities.find((e) => e.name === 'performance-scorecard');
  const [kpis, setKpis] = useState<AgreedKpi[] | null>(null);

  useEffect(() => {
    if (!scorecards || !record.scorecardId) return;
    let live = true;
    // the KPIs come with their scorecard: the parties of the agreement read it, nobody else reads either
    void run(scorecards.errors.read, () => get(`performance-scorecard/${record.scorecardId}`)).then((d) => {
      const card = d?.[scorecards.dataKeys.item] as Row | undefined;
      if (!live || !card) return;
      const row = (k: Row, area: string | null): AgreedKpi => ({
        id: k.id,
        area,
        name: k.name,
        weight: k.weight ?? null,
        baseline: k.baseline ?? null,
        target: k.target ?? null,
      });
      setKpis([
        ...((card.keyPerformanceAreaList ?? []) as Row[]).flatMap((a) =>
          ((a.kpiList ?? []) as Row[]).map((k) => row(k, a.name ?? null)),
        ),
        ...((card.kpiList ?? []) as Row[]).filter((k) => k.keyPerformanceAreaId == null).map((k) => row(k, null)),
      ]);
    });
    return () => {
      live = false;
    };
  }, [record.scorecardId, scorecards, run]);

  if (!kpis) return null;
  return (
    <section className="card" data-testid="agreement-kpis" style={{ marginTop: 'var(--space-4)' }}>
      <h2>{t('agreement.kpisAgreed')}</h2>
      {kpis.length === 0 ? (
        <p className="muted">{t('agreement.noKpis')}</p>
      ) : (
        <table className="table">
          <thead>
            <tr>
              <th>{t('entity.keyPerformanceArea')}</th>
              <th>{t('entity.performanceKpi')}</th>
              <th>{t('field.weight')}</th>
              <th>{t('field.baseline')}</th>
              <th>{t('field.target')}</th>
            </tr>
          </thead>
          <tbody>
            {kpis.map((k) => (
              <tr key={k.id} data-kpi={k.name}>
                <td>{k.area ?? '—'}</td>
                <td>{k.name}</td>
                <td>{formatFigure(k.weight)}</td>
                <td>{formatFigure(k.baseline)}</td>
                <td>{formatFigure(k.target)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
