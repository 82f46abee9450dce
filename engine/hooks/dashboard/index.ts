import { entityHooks, mergeHookSets, type ModuleHookSet } from '../hook-registry.ts';
import {
  businessUnitHeads,
  companyPerformance,
  departmentHeads,
  directReportees,
  requiredActions,
} from './dashboard-items.ts';
import { manualFormat, renderMarkdown } from './manual-reading.ts';
import { myInbox } from './my-inbox.ts';

/** The dashboard's items, each one aggregating query, and the user manuals employees read from it. */
export const dashboardHooks: ModuleHookSet = mergeHookSets(
  entityHooks('user-manual', {
    computed: { 'userManual.format': manualFormat },
    beforeWrite: { 'userManual.renderMarkdown': renderMarkdown },
  }),
  {
    command: {
      'dashboard.companyPerformance': companyPerformance,
      'dashboard.businessUnitHeads': businessUnitHeads,
      'dashboard.departmentHeads': departmentHeads,
      'dashboard.directReportees': directReportees,
      'dashboard.requiredActions': requiredActions,
      'dashboard.inbox': myInbox,
    },
  },
);
