import { boolean, date, integer, listOf, number, object, orNull, page, text, yesNo } from '../schema-shapes.ts';
import { INBOX_AREAS } from '../../inbox/inbox-branch.ts';
import type { ContractSet } from './command-contract.ts';

const paging = {
  limit: { schema: { type: 'integer', minimum: 1, maximum: 500, default: 100 } },
  offset: { schema: { type: 'integer', minimum: 0, default: 0 } },
};
const headsRow = object({
  id: integer,
  name: text,
  unit: orNull(text),
  scorecards: integer,
  accepted: integer,
  approved: integer,
  draft: integer,
});

/**
 * The organisation's modules, the dashboard items, the actions tracker, compliance, the audit lists and the performance
 * plan (engine/hooks/modules, dashboard, actions-tracker, compliance-management, audit-management, performance-plan).
 */
export const workspaceContracts: ContractSet = (records) => ({
  'modules.companyModuleStates': {
    description:
      'Every module a company can have, with whether it has it: the holder’s switchboard and the renderer’s navigation.',
    reply: listOf(
      object({
        moduleId: integer,
        code: text,
        label: { type: 'string', description: 'an i18n key' },
        core: yesNo,
        enabled: yesNo,
        controlEffectiveness: yesNo,
      }),
    ),
  },
  'modules.setEnablement': { reply: records.row('company-module') },
  'apiToken.issue': {
    description:
      'Issues an API token; the reply carries its secret this once (send it as `Authorization: Bearer <secret>`), never again.',
    reply: records.rowWith('api-token', { secret: text }),
  },
  'apiToken.issuePlatform': {
    description:
      'Issues an API token of the holder; the reply carries its secret this once (`Authorization: Bearer <secret>`), never again.',
    reply: records.rowWith('platform-api-token', { secret: text }),
  },
  'modules.setAdminAccess': { reply: records.row('employee-module') },
  'dashboard.companyPerformance': {
    description: 'How the company performs in the current annual plan, per business unit (averages only).',
    reply: object({
      annualPlan: orNull(text),
      annualPlanId: orNull(integer),
      // a unit whose averages would tell the score of one or two people the caller may not read: without its figures
      list: listOf(
        object(
          {
            unit: text,
            scorecards: integer,
            averageScore: orNull(number),
            averageAdjustedScore: orNull(number),
            hidden: boolean,
          },
          ['hidden'],
        ),
      ),
    }),
  },
  'dashboard.businessUnitHeads': {
    description: 'Each business unit head with the scorecards of the current plan by status.',
    query: paging,
    reply: page(headsRow),
  },
  'dashboard.departmentHeads': {
    description: 'Each department head with the scorecards of the current plan by status.',
    query: paging,
    reply: page(headsRow),
  },
  'dashboard.directReportees': {
    description: 'The employees the caller supervises or stands in for, with their open trainings and tasks.',
    query: paging,
    reply: page(
      object({
        id: integer,
        name: text,
        jobTitle: records.field('employee', 'jobTitle'),
        openTrainings: integer,
        openTasks: integer,
      }),
    ),
  },
  'dashboard.requiredActions': {
    description:
      'How many things wait for the caller, by kind; My tasks is made of the parts of the modules the company has switched on.',
    reply: object({
      list: listOf({
        oneOf: [
          object({
            kind: { const: 'myTasks' },
            count: integer,
            parts: listOf(
              object(
                {
                  kind: {
                    enum: [
                      'projectTasks',
                      'auditTasks',
                      'scorecardsToApprove',
                      'scorecardsToAccept',
                      'agreementsWaiting',
                      'assessmentsWaiting',
                      'monthlyProgressDue',
                      'reportsMonthlyProgressDue',
                      'qaReviews',
                      'executionPlansToAccept',
                      'submissionsToProcess',
                      'complianceRequiredActions',
                      'resolutionsToComplete',
                      'executionReviews',
                      'surveyReviewsToAnswer',
                      'organizationalSurveysToAnswer',
                    ],
                  },
                  count: integer,
                  query: {
                    description:
                      'the list’s filters that open what the count is about (monthly progress: its plan and month)',
                    ...object({ annualPlanId: integer, periodId: integer }),
                  },
                },
                ['query'],
              ),
            ),
          }),
          object({
            kind: { enum: ['myMilestones', 'myMitigationStrategies', 'myTrainings', 'subordinateTrainingRequests'] },
            count: integer,
          }),
        ],
      }),
    }),
  },
  'dashboard.inbox': {
    description:
      'My inbox: what waits for the caller across the modules the company has switched on (each kind declared by an entity’s `inbox`, or a review or monthly progress source), the page of one tab in date order with the count of every kind and tab. A filter narrows the kinds that carry it (0 or none: all).',
    query: {
      tab: { schema: { enum: ['all', ...INBOX_AREAS], default: 'all' } },
      type: {
        schema: { enum: ['', 'Annual', 'Periodic', 'mine', 'reports'] },
        description:
          'Annual or Periodic: a scorecard’s period; mine: of the monthly updates, the caller’s own; reports: those of the people they supervise',
      },
      strategicPlanId: { schema: integer },
      annualPlanId: { schema: integer },
      quarterId: { schema: integer },
      month: { schema: { type: 'string', pattern: '^[0-9]{4}-(0[1-9]|1[0-2])$' } },
      ...paging,
    },
    reply: object({
      kinds: listOf(object({ kind: text, area: { enum: [...INBOX_AREAS] }, module: text, count: integer })),
      tabs: object(Object.fromEntries(['all', ...INBOX_AREAS].map((a) => [a, integer]))),
      list: listOf(
        object({
          kind: text,
          area: { enum: [...INBOX_AREAS] },
          module: text,
          id: integer,
          title: orNull(text),
          person: orNull(text),
          state: orNull(text),
          date: orNull(date),
          month: { ...orNull(text), description: 'the month (YYYY-MM) the item is about, where its title names one' },
          link: { type: 'string', description: 'the screen where the action is' },
        }),
      ),
      total: integer,
      limit: integer,
      offset: integer,
    }),
  },
  'actionsTracker.myResolutions': {
    description:
      'A page of the resolutions the caller owns or whose resolution team they are a member of; the list’s filters, sort and paging apply.',
    query: { sort: { schema: text }, ...paging },
    reply: object({
      list: listOf(records.row('resolution')),
      total: integer,
      totalCapped: { type: 'boolean' },
      limit: integer,
      offset: integer,
    }),
  },
  'compliance.requiredActions': {
    description:
      'The caller’s required actions, the most urgent first, each with the draft or declined submission it already has.',
    query: { limit: { schema: { type: 'integer', minimum: 1, maximum: 500, default: 50 } }, offset: paging.offset },
    reply: page(
      records.rowWith('compliance-activity', {
        openSubmissionId: orNull(integer),
        openSubmissionStatus: orNull({ enum: ['Draft', 'Declined'] }),
      }),
    ),
  },
  'compliance.requiredActionCount': { description: 'How many required actions the caller has.', reply: integer },
  'audit.planYears': { description: 'The years of the company’s audit plans, newest first.', reply: listOf(integer) },
  'audit.engagementNames': {
    description: 'The audits’ names with their ids, by name (at most 1,000).',
    reply: listOf(object({ id: integer, name: records.field('audit-engagement', 'name') })),
  },
  'audit.removeExitMinutes': { reply: records.row('audit-report') },
  'audit.removeDraftReport': { reply: records.row('audit-report') },
  'performancePlan.setPerformancePlan': { reply: records.rowWithChildren('performance-plan') },
});
