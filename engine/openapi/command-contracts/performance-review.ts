import type { JsonSchema } from '../../metadata/registry.ts';
import { boolean, dateTime, integer, listOf, number, object, orNull, page, text } from '../schema-shapes.ts';
import type { ContractSet } from './command-contract.ts';

const qaLists = { enum: ['Scorecard', 'Performance'] };
const id = (entity: string) => ({ type: 'integer', minimum: 1, 'x-ref': entity });
const paging = {
  limit: { schema: { type: 'integer', minimum: 1, maximum: 500, default: 50 } },
  offset: { schema: { type: 'integer', minimum: 0, default: 0 } },
};

/** Agreements and assessments (queues, notes, KPI scores) and their quality assurance (engine/hooks/performance/review, performance/quality-assurance). */
export const performanceReviewContracts: ContractSet = (records) => {
  const queue = (entity: string): JsonSchema =>
    page(
      records.rowWith(entity, {
        waitingFor: {
          type: 'string',
          description: 'the step the record waits for from the caller (agree, resolve, assess, …)',
        },
      }),
    );
  const queueQuery = {
    annualPlanId: { schema: id('annual-plan') },
    quarterIndex: { schema: { type: 'integer', enum: [0, 1, 2, 3] } },
    status: { schema: { type: 'string', maxLength: 40 } },
    type: { schema: { enum: ['Personal', 'Corporate'] } },
    sort: { schema: { type: 'string' }, description: 'ignored: a queue is in the order its windows close' },
    ...paging,
  };
  const note = object({
    id: integer,
    status: text,
    type: text,
    personalNote: orNull(text),
    disputedNote: orNull(text),
    corporateNote: orNull(text),
  });
  const member = object({ id: integer, employeeId: integer, employeeName: text });
  const summary = (subject: 'scorecardId' | 'assessmentId'): Record<string, JsonSchema> => ({
    list: { const: subject === 'scorecardId' ? 'Scorecard' : 'Performance' },
    [subject]: integer,
    isComplete: { type: 'boolean', description: 'every member of the list has reviewed it' },
    completed: { type: 'boolean', description: 'its QA review has been completed' },
    memberCount: integer,
    reviewCount: integer,
    stillToReview: listOf(member),
    lastReviewerId: orNull(integer),
    lastReviewerEmployeeId: orNull(integer),
  });
  const qaQuery = {
    annualPlanId: { schema: id('annual-plan') },
    employeeId: { schema: id('employee') },
    scorecardId: { schema: id('performance-scorecard') },
    assessmentId: { schema: id('performance-assessment') },
    list: { schema: qaLists },
    ...paging,
  };
  const employeeStatus = (columns: Record<string, JsonSchema>): JsonSchema =>
    page(
      object({
        employeeId: integer,
        employeeName: text,
        employeeNumber: records.field('employee', 'employeeNumber'),
        businessUnitId: orNull(integer),
        departmentId: orNull(integer),
        ...columns,
      }),
    );
  const statusQuery = {
    annualPlanId: { schema: id('annual-plan'), required: true },
    businessUnitId: { schema: id('business-unit') },
    departmentId: { schema: id('department') },
    quarterIndex: { schema: { type: 'integer', minimum: 0, maximum: 3 } },
    status: { schema: { type: 'string', pattern: '^[A-Za-z]{1,40}$' } },
    list: { schema: qaLists },
    ...paging,
  };
  const agreementColumns = {
    agreementId: integer,
    title: records.field('performance-agreement', 'title'),
    quarterIndex: records.field('performance-agreement', 'quarterIndex'),
    type: records.field('performance-agreement', 'type'),
    status: records.field('performance-agreement', 'status'),
  };
  const reviewStatus = { enum: ['Completed', 'InProgress', 'NotStarted'] };
  return {
    'performanceReview.agreementInbox': {
      description: 'The agreements waiting for the caller (agree, or resolve a dispute).',
      query: queueQuery,
      reply: queue('performance-agreement'),
    },
    'performanceReview.assessmentInbox': {
      description: 'The assessments waiting for the caller (self-assess, assess, agree, reassess).',
      query: queueQuery,
      reply: queue('performance-assessment'),
    },
    'performanceReview.agreementRequiredActions': {
      description: 'The agreements the caller must still act on in the quarter running today.',
      query: queueQuery,
      reply: queue('performance-agreement'),
    },
    'performanceReview.assessmentRequiredActions': {
      description: 'The assessments the caller must still act on in the quarter running today.',
      query: queueQuery,
      reply: queue('performance-assessment'),
    },
    'performanceReview.agreementNote': {
      query: { id: { schema: id('performance-agreement'), required: true } },
      reply: note,
    },
    'performanceReview.assessmentNote': {
      query: { id: { schema: id('performance-assessment'), required: true } },
      reply: note,
    },
    'performanceReview.saveKpiScores': {
      reply: records.rowWith('performance-assessment', {
        kpiAssessmentList: listOf(
          object({
            id: integer,
            kpiId: integer,
            selfScore: records.field('kpi-assessment', 'selfScore'),
            manualRatingScore: records.field('kpi-assessment', 'manualRatingScore'),
            adjustedScore: records.field('kpi-assessment', 'adjustedScore'),
            comment: records.field('kpi-assessment', 'comment'),
          }),
        ),
      }),
    },
    'qualityAssurance.reviews': {
      description: 'The QA reviews the caller wrote or may see as a member of the list (every one for a module admin).',
      query: qaQuery,
      reply: page(
        object({
          id: integer,
          version: integer,
          qaMemberId: integer,
          list: qaLists,
          annualPlanId: records.field('qa-review', 'annualPlanId'),
          scorecardId: records.field('qa-review', 'scorecardId'),
          assessmentId: records.field('qa-review', 'assessmentId'),
          reviewerId: integer,
          reviewerName: text,
          employeeId: records.field('qa-review', 'employeeId'),
          employeeName: text,
          comment: records.field('qa-review', 'comment'),
          isComplete: records.field('qa-review', 'isComplete'),
          createdAt: dateTime,
          isLastReviewer: boolean,
        }),
      ),
    },
    'qualityAssurance.myWork': {
      description:
        'What the caller’s QA lists have still to review: each scorecard or assessment with its reviews counted.',
      query: { annualPlanId: qaQuery.annualPlanId, list: qaQuery.list, ...paging },
      reply: page(
        object({
          list: qaLists,
          qaMemberId: integer,
          annualPlanId: integer,
          scorecardId: orNull(integer),
          assessmentId: orNull(integer),
          id: integer,
          employeeId: orNull(integer),
          employeeName: text,
          title: orNull(text),
          status: text,
          scorecardName: orNull(text),
          quarterIndex: orNull(integer),
          myReviewId: orNull(integer),
          reviewCount: integer,
          memberCount: integer,
          completed: boolean,
          isLastReviewer: boolean,
        }),
      ),
    },
    'qualityAssurance.scorecardsToReview': {
      reply: page(
        object({
          id: integer,
          scorecardId: integer,
          list: { const: 'Scorecard' },
          annualPlanId: integer,
          title: records.field('performance-scorecard', 'name'),
          status: records.field('performance-scorecard', 'status'),
          employeeId: integer,
          employeeName: text,
          reviewCount: integer,
          memberCount: integer,
          completed: boolean,
          isComplete: boolean,
          reviewStatus,
        }),
      ),
    },
    'qualityAssurance.employeeStatus': {
      reply: page(
        object({
          employeeId: integer,
          employeeName: text,
          scorecardId: integer,
          title: records.field('performance-scorecard', 'name'),
          agreementStatus: orNull(records.field('performance-agreement', 'status')),
          assessmentId: orNull(integer),
          assessmentStatus: orNull(records.field('performance-assessment', 'status')),
          finalScore: orNull(number),
          scorecardCompleted: boolean,
          scorecardReviews: integer,
          performanceCompleted: boolean,
          performanceReviews: integer,
          scorecardReview: reviewStatus,
          performanceReview: orNull(reviewStatus),
        }),
      ),
    },
    'qualityAssurance.employeesWithCompletedReviews': {
      query: statusQuery,
      reply: employeeStatus({
        list: qaLists,
        scorecardId: orNull(integer),
        assessmentId: orNull(integer),
        completedAt: dateTime,
        reviewCount: integer,
      }),
    },
    'qualityAssurance.employeesWithAcceptedAgreements': { query: statusQuery, reply: employeeStatus(agreementColumns) },
    'qualityAssurance.employeesWithAgreementStatus': { query: statusQuery, reply: employeeStatus(agreementColumns) },
    'qualityAssurance.employeesWithAssessmentStatus': {
      query: statusQuery,
      reply: employeeStatus({
        assessmentId: integer,
        title: records.field('performance-assessment', 'title'),
        quarterIndex: records.field('performance-assessment', 'quarterIndex'),
        type: records.field('performance-assessment', 'type'),
        status: records.field('performance-assessment', 'status'),
        finalScore: records.field('performance-assessment', 'finalScore'),
      }),
    },
    'qualityAssurance.checkComplete': {
      reply: { oneOf: [object(summary('scorecardId')), object(summary('assessmentId'))] },
    },
    'qualityAssurance.complete': {
      reply: {
        oneOf: [
          object({ ...summary('scorecardId'), reviews: listOf(records.row('qa-review')) }),
          object({
            ...summary('assessmentId'),
            reviews: listOf(records.row('qa-review')),
            assessment: records.row('performance-assessment'),
          }),
        ],
      },
    },
    'qualityAssurance.recall': { reply: records.row('qa-review') },
    'qualityAssurance.referBack': { reply: records.row('performance-assessment') },
  };
};
