import { addRecord } from '../../records/record-store.ts';
import type { AfterWriteHook } from '../hook-registry.ts';

/**
 * The employee who adds a committee becomes its first member, as its chairperson, in the same transaction: members
 * add the other members and the resolutions (member:committeeId), so without this nobody but a module admin could.
 */
export const seatCreator: AfterWriteHook<'committee'> = async (ctx, _entity, before, committee) => {
  if (before || committee.creatorId === null || committee.creatorId === undefined) return;
  await addRecord(
    ctx,
    ctx.registry.entity('committee-member'),
    { committeeId: committee.id, employeeId: committee.creatorId, role: 'Chairperson' },
    { checked: true },
  );
};
