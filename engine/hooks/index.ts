import { createHookRegistry } from './hook-registry.ts';
import { onboardExecutive } from './organisation/company-onboarding.ts';
import { syncEmployeeAccount } from './organisation/employee-account.ts';
import { fullName, head } from './organisation/employee-derived.ts';
import { companyModuleStates, setModuleAdminAccess, setModuleEnablement } from './modules/module-commands.ts';
import { displayBaseline, displayTarget, displayTargetDate, displayYtd } from './performance/kpi-display.ts';
import { createQuarters } from './performance/quarter-dates.ts';
import { updateActuals } from './performance/scorecard-actuals.ts';
import { cascade, copyFromLibrary, deleteAllEmployeeScorecards } from './performance/scorecard-copy.ts';
import { saveKpis } from './performance/scorecard-kpis.ts';
import { scores } from './performance/scorecard-scores.ts';
import { checkWeights } from './performance/scorecard-weights.ts';

/** Every hook that metadata may name, by kind and name. */
export const hooks = createHookRegistry({
  computed: {
    'employee.fullName': fullName,
    'employee.head': head,
    'kpi.displayYtd': displayYtd,
    'kpi.displayBaseline': displayBaseline,
    'kpi.displayTarget': displayTarget,
    'kpi.displayTargetDate': displayTargetDate,
  },
  command: {
    'modules.setEnablement': setModuleEnablement,
    'modules.companyModuleStates': companyModuleStates,
    'modules.setAdminAccess': setModuleAdminAccess,
    'performance.saveKpis': saveKpis,
    'performance.updateActuals': updateActuals,
    'performance.cascade': cascade,
    'performance.copyFromLibrary': copyFromLibrary,
    'performance.deleteAllEmployeeScorecards': deleteAllEmployeeScorecards,
    'performance.scores': scores,
  },
  afterWrite: {
    'company.onboardExecutive': onboardExecutive,
    'employee.syncAccount': syncEmployeeAccount,
    'performance.createQuarters': createQuarters,
  },
  transition: {
    'performance.checkWeights': checkWeights,
  },
});
