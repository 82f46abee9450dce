import type { PublicQuestion } from '../../public-flows/public-flow-info.ts';
import { RATER_GROUPS } from '../../hooks/degree-360/rater-groups.ts';
import type { JsonSchema } from '../../metadata/registry.ts';
import { boolean, integer, listOf, number, object, text } from '../schema-shapes.ts';
import type { ContractSet } from './command-contract.ts';

/** One question a respondent answers (engine/public-flows/public-flow-info.ts). */
const question = object(
  {
    id: integer,
    text,
    group: { type: 'string', description: 'the heading it sits under (an area, a competency)' },
    type: { enum: ['text', 'rating', 'choice'] },
    options: listOf(object({ value: { type: ['integer', 'string'] }, label: text })),
    required: boolean,
    field: { type: 'string', description: 'the answers entity’s field the answer goes in' },
  } satisfies Record<keyof PublicQuestion, JsonSchema>,
  ['group', 'options', 'required', 'field'],
);

/** What a public flow's info hook gives: title, introduction, questions, and the flow's own details. */
const flowInfo = (extra: Record<string, JsonSchema>, intro: 'always' | 'maybe' = 'always') =>
  object({ title: text, intro: text, questions: listOf(question), ...extra }, intro === 'maybe' ? ['intro'] : []);

const groupResult = {
  oneOf: [
    object({ average: number, reviewers: integer, hidden: { const: false } }),
    object({
      average: { type: 'null' },
      reviewers: integer,
      hidden: { const: true },
      because: { enum: ['fewerReviewers', 'tellsHiddenGroup'] },
    }),
  ],
};

/** The public flows' info hooks and the 360-degree result (engine/hooks/degree-360, organizational-survey, audit-management). */
export const surveyContracts: ContractSet = (records) => ({
  'degree360.reviewInfo': {
    reply: flowInfo({
      surveyId: integer,
      reviewedEmployee: text,
      relationship: records.field('survey-reviewer', 'relationship'),
    }),
  },
  'organizationalSurvey.reviewInfo': { reply: flowInfo({ annualPlanId: integer, quarterIndex: integer }) },
  'auditQuestionnaire.info': {
    reply: flowInfo(
      { auditQuestionnaireId: integer, userId: { type: 'integer', description: 'the recipient' } },
      'maybe',
    ),
  },
  'degree360.result': {
    description:
      'The reviewed employee’s average rating per competency, by rater group, from submitted reviews. Self and Supervisor are always shown; another group of fewer than minRaters is hidden (because: fewerReviewers), and Others when it would give such a group away (because: tellsHiddenGroup).',
    query: { id: { schema: { type: 'integer', minimum: 1, 'x-ref': 'reviewed-employee' }, required: true } },
    reply: object({
      reviewedEmployeeId: integer,
      employeeId: records.field('reviewed-employee', 'employeeId'),
      name: records.field('reviewed-employee', 'name'),
      surveyId: records.field('reviewed-employee', 'surveyId'),
      minRaters: integer,
      groups: { type: 'array', items: { enum: [...RATER_GROUPS] } },
      competencies: listOf(
        object({
          competencyId: integer,
          competency: text,
          groups: { type: 'object', propertyNames: { enum: [...RATER_GROUPS] }, additionalProperties: groupResult },
        }),
      ),
    }),
  },
});
