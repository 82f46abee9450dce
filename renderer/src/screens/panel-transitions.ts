import type { EntityMeta, QuestionsOf } from '../meta/meta-types.ts';

type Transition = NonNullable<EntityMeta['workflow']>['transitions'][number];

/** The entity's field of answers to questions (`x-questions`), if it has one. */
export function questionsFieldOf(entity: EntityMeta): [string, QuestionsOf] | undefined {
  for (const [name, f] of Object.entries(entity.schema.properties))
    if (f['x-questions']) return [name, f['x-questions']];
  return undefined;
}

/**
 * A transition that stores answers to questions is taken from the questions' panel (QuestionAnswers), which asks each
 * question: a dialog of text boxes cannot give it what it requires, so the workflow's buttons leave it out.
 */
export function takenByPanel(entity: EntityMeta, transition: Transition): boolean {
  return (transition.requires ?? []).some((f) => !!entity.schema.properties[f]?.['x-questions']);
}
