import type { CallContext } from '../../../records/call-context.ts';
import type { EntityDef } from '../../../metadata/registry.ts';
import { notFound, readRecord } from '../../../records/record-store.ts';
import { validateInput } from '../../../records/record-validator.ts';
import type { CommandHook } from '../../hook-registry.ts';

const INPUT = {
  type: 'object',
  required: ['id'],
  additionalProperties: false,
  properties: { id: { type: 'string', pattern: '^[1-9][0-9]*$' } },
};

async function notesOf(ctx: CallContext, entity: EntityDef, input: Record<string, unknown>) {
  validateInput(INPUT, input);
  const r = await readRecord(ctx, entity, Number(input.id));
  if (!r) throw notFound(entity, input.id);
  return {
    id: r.id,
    status: r.status,
    type: r.type,
    personalNote: r.personalNote ?? null,
    disputedNote: r.disputedNote ?? null,
    corporateNote: r.corporateNote ?? null,
  };
}

/** GET performance-agreement/note?id=: the agreement's status and its personal, disputed and corporate notes (sanitised HTML). */
export const agreementNote: CommandHook = (ctx, entity, input) => notesOf(ctx, entity, input);
/** GET performance-assessment/note?id=: the same for an assessment. */
export const assessmentNote: CommandHook = (ctx, entity, input) => notesOf(ctx, entity, input);
