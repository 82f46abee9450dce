import { AppError, type FieldError } from '../app-error.ts';
import { inSentence, optionsOr } from '../i18n/message-words.ts';
import { text } from '../i18n/text.ts';
import { fieldProblem, labelOf } from './record-validator.ts';
import type { EntityDef, RequiredWhenDef } from '../metadata/registry.ts';

/** Whether a record is of the kind a requiredWhen rule names (each named field has one of its values; one not given, its default). */
export const ruleApplies = (entity: EntityDef, rule: RequiredWhenDef, record: Record<string, unknown>): boolean =>
  Object.entries(rule.when).every(([name, values]) =>
    values.includes((record[name] ?? entity.field.get(name)?.default) as string | number | boolean),
  );

/**
 * The entity's requiredWhen rules on the record as it will be stored (a field required only on records of some kinds,
 * such as the annual plan of an annual corporate scorecard); a 422 that names the field and says when it is required.
 * An update (`changed`: the fields it writes) is checked when it writes the field or one the rule looks at, so that a
 * record stored before the rule keeps taking its other changes (a workflow step).
 */
export function checkRequiredWhen(
  entity: EntityDef,
  record: Record<string, unknown>,
  changed?: readonly string[],
): void {
  const faults: FieldError[] = [];
  for (const rule of entity.requiredWhen) {
    if (changed && !changed.includes(rule.field) && !Object.keys(rule.when).some((f) => changed.includes(f))) continue;
    const v = record[rule.field];
    if ((v !== null && v !== undefined && v !== '') || !ruleApplies(entity, rule, record)) continue;
    const conditions = Object.entries(rule.when).map(([name, values]) =>
      text('refusal.check.whenIs', { field: inSentence(labelOf(entity, name)), values: optionsOr(values) }),
    );
    faults.push(
      fieldProblem(entity, rule.field, 'refusal.check.requiredWhen', { conditions: { list: conditions, join: 'and' } }),
    );
  }
  if (faults.length) throw AppError.validation(faults);
}
