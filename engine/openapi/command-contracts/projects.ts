import { date, integer, listOf, number, object, orNull, text } from '../schema-shapes.ts';
import type { ContractSet } from './command-contract.ts';

const paging = {
  limit: { schema: { type: 'integer', minimum: 1, maximum: 500, default: 100 } },
  offset: { schema: { type: 'integer', minimum: 0, default: 0 } },
};
const project = {
  projectId: { schema: { type: 'integer', minimum: 1, 'x-ref': 'project' }, description: 'only this project' },
};
const money = { estimatedCost: number, budgetSpent: number, remaining: orNull(number) };
const pageOf = (row: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  object({ ...extra, list: listOf(object(row as never)), total: integer, limit: integer, offset: integer } as never);

/** The projects module's reports and timeline, and the training reports (engine/hooks/projects, personal-development). */
export const projectsContracts: ContractSet = (records) => {
  const status = (e: string) => records.field(e, 'status');
  const completion = (e: string) => records.field(e, 'completion');
  const rating = records.field('project-risk', 'rating');
  return {
    'projectManagement.detailReport': {
      description:
        'Per project (a page of them): the project, its completed and its other milestones, each with its tasks counted.',
      query: { ...project, ...paging },
      reply: (() => {
        const milestone = object({
          id: integer,
          projectId: integer,
          name: text,
          status: status('milestone'),
          ownerId: orNull(integer),
          startDate: orNull(date),
          endDate: orNull(date),
          completion: completion('milestone'),
          ...money,
          tasks: integer,
          completedTasks: integer,
        });
        return pageOf({
          project: object({
            id: integer,
            name: text,
            status: status('project'),
            managerId: orNull(integer),
            startDate: orNull(date),
            endDate: orNull(date),
            completion: completion('project'),
            ...money,
          }),
          completedMilestone: listOf(milestone),
          inCompletedMilestone: listOf(milestone),
        });
      })(),
    },
    'projectManagement.summaryReport': {
      query: { ...project, ...paging },
      reply: pageOf({
        id: integer,
        name: text,
        status: status('project'),
        completion: completion('project'),
        ...money,
        milestones: integer,
        completedMilestones: integer,
        tasks: integer,
        completedTasks: integer,
        tasksEstimatedCost: number,
        tasksBudgetSpent: number,
        openRisks: integer,
      }),
    },
    'projectManagement.progressReport': {
      description:
        'One of five groupings (of) over the company’s or one project’s tasks, risks and mitigation strategies.',
      query: {
        of: {
          schema: { enum: ['tasks', 'risks', 'mitigation-strategies', 'completed-tasks', 'completed-risks'] },
          required: true,
        },
        ...project,
        ...paging,
      },
      reply: {
        oneOf: [
          pageOf(
            {
              id: integer,
              name: text,
              total: integer,
              notStarted: integer,
              inProgress: integer,
              onHold: integer,
              completed: integer,
              overdue: integer,
              percent: orNull(integer),
            },
            { of: { const: 'tasks' } },
          ),
          pageOf(
            {
              id: rating,
              name: rating,
              total: integer,
              notStarted: integer,
              inProgress: integer,
              implemented: integer,
            },
            { of: { const: 'risks' } },
          ),
          pageOf(
            { id: rating, name: rating, total: integer, inProgress: integer, complete: integer, overdue: integer },
            { of: { const: 'mitigation-strategies' } },
          ),
          pageOf(
            {
              id: integer,
              name: text,
              project: text,
              milestone: text,
              ownerId: orNull(integer),
              completionDate: orNull(date),
              ...money,
            },
            { of: { const: 'completed-tasks' } },
          ),
          pageOf(
            { id: integer, name: text, project: text, rating, mitigationStrategies: integer },
            { of: { const: 'completed-risks' } },
          ),
        ],
      },
    },
    'projectManagement.timeline': {
      description: 'The bars of a Gantt chart: each milestone followed by its tasks.',
      query: { projectId: { schema: { type: 'integer', minimum: 1, 'x-ref': 'project' }, required: true } },
      reply: object({
        project: object({ id: integer, name: text, startDate: orNull(date), endDate: orNull(date) }),
        bars: listOf(
          object({
            kind: { enum: ['milestone', 'task'] },
            id: integer,
            milestoneId: integer,
            name: text,
            status: status('project-task'),
            startDate: orNull(date),
            endDate: orNull(date),
            completion: completion('project-task'),
          }),
        ),
      }),
    },
    'projectManagement.employeeProjects': {
      query: { ...project, ...paging },
      reply: pageOf({ id: integer, name: text, projects: integer, tasks: integer, openTasks: integer }),
    },
    'personalDevelopment.planExecutionRate': {
      description:
        'A training plan’s trainings counted by status, and its execution rate (completed of planned, in percent; null while nothing is planned).',
      query: { id: { schema: { type: 'integer', minimum: 1, 'x-ref': 'annual-training-plan' }, required: true } },
      reply: object({
        annualTrainingPlanId: integer,
        requested: integer,
        planned: integer,
        completed: integer,
        removed: integer,
        executionRate: orNull(number),
      }),
    },
    'personalDevelopment.report': {
      description: 'One row per employee with trainings the caller may read, counted by status.',
      query: {
        annualTrainingPlanId: { schema: { type: 'integer', minimum: 1, 'x-ref': 'annual-training-plan' } },
        ...paging,
      },
      reply: pageOf({
        id: integer,
        firstName: records.field('employee', 'firstName'),
        lastName: records.field('employee', 'lastName'),
        fullName: text,
        requested: integer,
        planned: integer,
        completed: integer,
        removed: integer,
      }),
    },
  };
};
