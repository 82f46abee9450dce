import { AppError } from '../../app-error.ts';
import { fieldProblem } from '../../records/record-validator.ts';
import type { BeforeWriteHook, EntityRecord } from '../hook-registry.ts';
import { today } from '../performance/quarter-windows.ts';

/**
 * A contract becomes Signed only through its upload-signed command: storing the signed document is what signs it, on
 * today's upload date, with the status set to Active unless one is given. Its status belongs to signed contracts only, and a
 * signed contract's document is its record of signature, so it is never replaced (upload-signed's condition, entity.json:
 * only a Draft contract is signed).
 */
/** What signing reads and writes. */
type Contract = EntityRecord<'contract'>;

export function signingChanges(
  before: Partial<Contract> | null,
  record: Partial<Contract>,
  uploadDate: string,
): Partial<Contract> {
  const changes: Partial<Contract> = {};
  const newDocument =
    record.signedDocument !== null &&
    record.signedDocument !== undefined &&
    record.signedDocument !== (before?.signedDocument ?? null);
  if (newDocument) {
    changes.type = 'Signed';
    changes.uploadDate = uploadDate;
    changes.statusSet = record.statusSet ?? 'Active';
  }
  const type = changes.type ?? record.type;
  if (type !== 'Signed' && record.statusSet !== null && record.statusSet !== undefined)
    throw AppError.validation([fieldProblem(null, 'statusSet', 'refusal.contract.draftStatus')]);
  return changes;
}

export const signContract: BeforeWriteHook<'contract'> = async (_ctx, _entity, before, record) =>
  signingChanges(before, record, today());
