import { entityHooks, mergeHookSets, type ModuleHookSet } from '../hook-registry.ts';
import { phase, phaseFilter } from './contract-phase.ts';
import { signContract } from './contract-signing.ts';
import { status, statusFilter } from './contract-status.ts';
import { pastReviewDate, pastReviewFilter } from './governance-review.ts';

/** Contract management: a contract's status, phase and signing, governance policies past their review date. */
export const contractManagementHooks: ModuleHookSet = mergeHookSets(
  entityHooks('contract', {
    computed: { 'contract.status': status, 'contract.phase': phase },
    beforeWrite: { 'contract.sign': signContract },
  }),
  entityHooks('governance-policy', { computed: { 'governance.pastReviewDate': pastReviewDate } }),
  {
    filter: {
      'contract.status': statusFilter,
      'contract.phase': phaseFilter,
      'governance.pastReviewDate': pastReviewFilter,
    },
  },
);
