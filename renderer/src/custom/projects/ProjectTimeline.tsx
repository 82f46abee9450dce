import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Chart } from '../../widgets/Chart.tsx';
import type { TimelineBar } from '../../../../engine/hooks/projects/project-timeline.ts';
import { get } from '../../api/api-client.ts';
import { useCall } from '../../api/call-state.tsx';
import { formatDate } from '../../format/formats.ts';
import { optionLabel } from '../../meta/labels.ts';
import type { ScreenMeta } from '../../meta/meta-types.ts';
import { echarts } from '../dashboard/figure-charts.ts';
import { timelineOption, timelineRows } from './timeline-chart.ts';

interface Timeline {
  project: { id: number; name: string; startDate: string | null; endDate: string | null };
  bars: TimelineBar[];
}

/** /app/projects/timeline?projectId=: a project's milestones and tasks as a Gantt chart, with the same bars as a table. */
export default function ProjectTimeline({ screen }: { screen: ScreenMeta }) {
  const { t } = useTranslation();
  const { run } = useCall();
  const [params, setParams] = useSearchParams();
  const projectId = params.get('projectId') ?? '';
  const [projects, setProjects] = useState<{ id: number; name: string }[]>([]);
  const [timeline, setTimeline] = useState<Timeline | null>(null);
  useEffect(() => {
    void run('error.getProjects', () => get('project', { limit: 500, sort: 'name' })).then(
      (d) => d && setProjects(d.list),
    );
  }, [run]);
  useEffect(() => {
    setTimeline(null);
    if (projectId)
      void run('error.getProjectTimeline', () => get('project/timeline', { projectId })).then(
        (d) => d && setTimeline(d.timeline),
      );
  }, [projectId, run]);
  const rows = timeline ? timelineRows(timeline.bars) : [];
  return (
    <section data-screen="project-timeline">
      <h1>{t(screen.label ?? 'screen.projectTimeline')}</h1>
      <div className="toolbar">
        <label htmlFor="timeline-project">{t('entity.project')}</label>
        <select
          id="timeline-project"
          className="input"
          style={{ maxWidth: 360 }}
          value={projectId}
          onChange={(e) => setParams(e.target.value ? { projectId: e.target.value } : {})}
        >
          <option value="">{t('shell.choose')}</option>
          {projects.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
        {projectId && (
          <>
            <Link to={`/app/projects/milestones?projectId=${projectId}`}>{t('screen.milestones')}</Link>
            <Link to={`/app/projects/risks?projectId=${projectId}`}>{t('screen.projectRisks')}</Link>
          </>
        )}
      </div>
      {timeline && (
        <>
          {rows.length === 0 ? (
            <p className="muted">{t('shell.noRecords')}</p>
          ) : (
            <div className="card" data-chart="timeline">
              <Chart
                echarts={echarts}
                option={timelineOption(timeline.bars, { completion: t('field.completion') })}
                style={{ height: Math.max(180, rows.length * 34 + 90) }}
                notMerge
              />
            </div>
          )}
          <div className="card">
            <table className="table" data-timeline={timeline.project.id}>
              <thead>
                <tr>
                  <th>{t('field.name')}</th>
                  <th>{t('field.status')}</th>
                  <th>{t('field.startDate')}</th>
                  <th>{t('field.endDate')}</th>
                  <th>{t('field.completion')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={`${r.kind}-${r.id}`} data-bar={`${r.kind}:${r.name}`}>
                    <td
                      style={{
                        paddingLeft: r.kind === 'task' ? 24 : undefined,
                        fontWeight: r.kind === 'milestone' ? 600 : undefined,
                      }}
                    >
                      {r.kind === 'task' ? (
                        <Link to={`/app/projects/edit-task?id=${r.id}`}>{r.name}</Link>
                      ) : (
                        <Link to={`/app/projects/tasks?milestoneId=${r.id}`}>{r.name}</Link>
                      )}
                    </td>
                    <td>{optionLabel(t, r.status)}</td>
                    <td>{r.startDate ? formatDate(r.startDate) : '—'}</td>
                    <td>{r.endDate ? formatDate(r.endDate) : '—'}</td>
                    <td>{r.completion} %</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
