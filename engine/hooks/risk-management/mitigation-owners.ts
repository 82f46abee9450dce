import { rowsForWrite, updateRecords } from '../../records/bulk-writes.ts';
import type { AfterWriteHook, BeforeWriteHook } from '../hook-registry.ts';

/**
 * A mitigation carries the owner of its risk (`riskOwnerId`): the risk owner records the risk's mitigations and keeps
 * them up to date (`field:riskOwnerId`), beside the module's administrators.
 */
export const placeMitigation: BeforeWriteHook<'mitigation'> = async (ctx, _entity, _before, mitigation) => {
  const [risk] = await ctx.tx.query<{ ownerId: number | null }>(
    `SELECT owner_id AS "ownerId" FROM risk WHERE company_id = $1 AND id = $2`,
    [ctx.companyId, mitigation.riskId],
  );
  return risk ? { riskOwnerId: risk.ownerId } : {};
};

/**
 * A progress note carries the owner of its mitigation (the action owner, `ownerId`) and of its risk (`riskOwnerId`),
 * under the names the mitigation gives them, so that "may I add a note here" is judged on the mitigation as on the
 * note: either owner notes how the mitigation is going (`field:ownerId`, `field:riskOwnerId`).
 */
export const placeMitigationProgress: BeforeWriteHook<'mitigation-progress'> = async (ctx, _entity, _before, note) => {
  const [owners] = await ctx.tx.query<{ ownerId: number | null; riskOwnerId: number | null }>(
    `SELECT m.owner_id AS "ownerId", r.owner_id AS "riskOwnerId"
       FROM mitigation m JOIN risk r ON r.company_id = m.company_id AND r.id = m.risk_id
      WHERE m.company_id = $1 AND m.id = $2`,
    [ctx.companyId, note.mitigationId],
  );
  return owners ? { ownerId: owners.ownerId, riskOwnerId: owners.riskOwnerId } : {};
};

/**
 * When a risk changes hands, its mitigations follow: each carries the new owner (one statement, an audit entry each)
 * so that the new owner, not the old one, may change them.
 */
export const followRiskOwner: AfterWriteHook<'risk'> = async (ctx, _entity, before, risk) => {
  if (!before || before.ownerId === risk.ownerId) return;
  const mitigations = ctx.registry.entity('mitigation');
  const rows = await rowsForWrite(ctx, mitigations, 'risk_id = $2', [risk.id]);
  // the copy placeMitigation derives, set for all of them at once
  await updateRecords(
    ctx,
    mitigations,
    rows.map((before) => ({ before, set: { riskOwnerId: risk.ownerId } })),
    'follow-risk-owner',
    { derived: true },
  );
};
