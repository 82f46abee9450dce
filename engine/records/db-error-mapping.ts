import { AppError } from '../app-error.ts';
import { isDbError } from '../db/db.ts';
import { readableName, text } from '../i18n/text.ts';
import type { EntityDef, Registry } from '../metadata/registry.ts';
import { entityLabel, labelOf, wordedProblem } from './record-validator.ts';
import { constraintName } from '../migrator/table-spec.ts';
import { CASE_FOLDED_UNIQUE } from '../migrator/unique-case.ts';

const UNIQUE_PREFIXES = ['uq', CASE_FOLDED_UNIQUE];

/**
 * Turns a constraint violation into the 4xx a user understands, in plain words that name the fields by their labels
 * (worded in the caller's language by the envelope). Constraint names are the migrator's (fk_<table>__<column>,
 * uq_<table>__<columns>, or uqc_ where a name is compared without regard to case, ck_<table>__<column>), so the
 * fields can be named.
 */
export function mapDbError(
  e: unknown,
  registry: Registry,
  entity: EntityDef,
  action: 'add' | 'update' | 'delete',
): unknown {
  if (!isDbError(e)) return e;
  const constraint = e.constraint ?? e.constraint_name ?? '';
  const [, table, columns] = /^(?:fk|uqc?|ck)_(.+?)__(.+)$/.exec(constraint) ?? [];
  const fieldOf = (column: string | undefined) =>
    entity.fields.find((f) => f.column === column)?.name ?? column ?? 'value';
  const label = (field: string) => (entity.field.has(field) ? labelOf(entity, field) : readableName(field));
  switch (e.code) {
    case '23001':
    case '23503': {
      if (action === 'delete' || (table && table !== entity.table)) {
        const referrer = [...registry.entities.values()].find((x) => x.table === table);
        return AppError.worded(
          'in_use',
          referrer
            ? text('validation.inUse', { entity: entityLabel(entity), referrer: entityLabel(referrer) })
            : text('validation.inUseByAnother', { entity: entityLabel(entity) }),
        );
      }
      const field = fieldOf(columns);
      const problem = wordedProblem(field, text('validation.noSuchRecord', { field: label(field) }));
      // (hooks that look a reference up themselves say the same: noSuchRecord in record-validator.ts)
      return new AppError('validation_failed', problem.message, [problem], {}, problem.text);
    }
    case '23505': {
      // the unique set whose index this is (its name may be cut and hashed when long), else the columns it names
      const declared = entity.unique.find((u) =>
        UNIQUE_PREFIXES.some(
          (p) =>
            constraintName(
              p,
              entity.table,
              u.map((n) => entity.field.get(n)!.column),
            ) === constraint,
        ),
      );
      const fields = declared ? [...declared] : (columns ?? '').split('__').map((c) => fieldOf(c));
      // one sentence, on each of the fields, so that a form shows it where the user looks
      const said = text('validation.unique', {
        entity: entityLabel(entity),
        fields: { list: fields.map(label), join: 'and', midSentence: true },
      });
      return AppError.worded(
        'conflict',
        said,
        fields.map((field) => wordedProblem(field, said)),
      );
    }
    case '23514': {
      const field = fieldOf(columns?.split('__')[0]);
      const problem = wordedProblem(field, text('validation.notAllowed', { field: label(field) }));
      return new AppError('validation_failed', problem.message, [problem], {}, problem.text);
    }
    case '23502': {
      const field = fieldOf(e.column ?? e.column_name);
      const problem = wordedProblem(field, text('validation.required', { field: label(field) }));
      return new AppError('validation_failed', problem.message, [problem], {}, problem.text);
    }
    case '22P02':
    case '22007':
    case '22008':
    case '22003':
      return new AppError(
        'validation_failed',
        `A value is out of range or malformed: ${e.message}`,
        [],
        {},
        text('validation.malformed'),
      );
    case '42501':
      return AppError.worded('forbidden', text('error.otherCompany'));
    default:
      return e;
  }
}
