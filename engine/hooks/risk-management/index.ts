import { entityHooks, mergeHookSets, type ModuleHookSet } from '../hook-registry.ts';
import { detailedRisks } from './detailed-risks.ts';
import { rerateRisks } from './matrix-rerating.ts';
import { followRiskOwner, placeMitigation, placeMitigationProgress } from './mitigation-owners.ts';
import { applyMitigationProgress } from './mitigation-progress.ts';
import { ratingLabel } from './rating-label.ts';
import { heatMap, matrix, risksInCell } from './risk-heat-map.ts';
import { rateResidual, rateRisk } from './risk-rating-derivation.ts';

/** Risk management: ratings by the company's matrix, re-rated when it changes, mitigations and their progress, the heat map. */
export const riskManagementHooks: ModuleHookSet = mergeHookSets(
  entityHooks('risk', {
    beforeWrite: { 'risk.rateRisk': rateRisk },
    afterWrite: { 'risk.followRiskOwner': followRiskOwner },
  }),
  entityHooks('residual-rating', {
    computed: { 'risk.ratingLabel': ratingLabel },
    beforeWrite: { 'risk.rateResidual': rateResidual },
  }),
  entityHooks(['risk-rating', 'risk-rating-type'], { afterWrite: { 'risk.rerateRisks': rerateRisks } }),
  entityHooks('mitigation', { beforeWrite: { 'risk.placeMitigation': placeMitigation } }),
  entityHooks('mitigation-progress', {
    beforeWrite: { 'risk.placeMitigationProgress': placeMitigationProgress },
    afterWrite: { 'risk.applyMitigationProgress': applyMitigationProgress },
  }),
  {
    command: {
      'risk.matrix': matrix,
      'risk.heatMap': heatMap,
      'risk.risksInCell': risksInCell,
      'risk.detailedRisks': detailedRisks,
    },
  },
);
