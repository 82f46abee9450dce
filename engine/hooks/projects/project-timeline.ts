import { fetchOne } from '../../records/record-store.ts';
import type { CommandHook } from '../hook-registry.ts';

export interface TimelineBar {
  kind: 'milestone' | 'task';
  id: number;
  milestoneId: number;
  name: string;
  status: string;
  startDate: string | null;
  endDate: string | null;
  completion: number;
}

/**
 * GET project/timeline?projectId=: the bars of a Gantt chart: each milestone followed by its tasks, with dates,
 * status and completion, in one statement.
 */
export const timeline: CommandHook = async (ctx, entity, input) => {
  const project = await fetchOne(ctx, entity, Number(input.projectId));
  const bars = await ctx.tx.query<TimelineBar>(
    `SELECT kind, id, milestone_id AS "milestoneId", name, status, start_date::text AS "startDate", end_date::text AS "endDate", completion FROM (
        SELECT 'milestone' AS kind, 0 AS rank, m.id, m.id AS milestone_id, m.name, m.status, m.start_date, m.end_date, m.completion, m.start_date AS m_start
          FROM milestone m WHERE m.company_id = $1 AND m.project_id = $2
        UNION ALL
        SELECT 'task', 1, t.id, t.milestone_id, t.name, t.status, t.start_date, t.end_date, t.completion, m.start_date
          FROM project_task t JOIN milestone m ON m.company_id = t.company_id AND m.id = t.milestone_id WHERE t.company_id = $1 AND t.project_id = $2
      ) bars ORDER BY m_start NULLS LAST, milestone_id, rank, start_date NULLS LAST, id`,
    [ctx.companyId, project.id],
  );
  return {
    project: {
      id: project.id,
      name: project.name,
      startDate: project.startDate ?? null,
      endDate: project.endDate ?? null,
    },
    bars,
  };
};
