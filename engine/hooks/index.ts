import { createHookRegistry } from './hook-registry.ts';
import { onboardExecutive } from './organisation/company-onboarding.ts';
import { syncEmployeeAccount } from './organisation/employee-account.ts';
import { fullName, head } from './organisation/employee-derived.ts';
import { companyModuleStates, setModuleAdminAccess, setModuleEnablement } from './modules/module-commands.ts';

/** Every hook that metadata may name, by kind and name. */
export const hooks = createHookRegistry({
  computed: {
    'employee.fullName': fullName,
    'employee.head': head,
  },
  command: {
    'modules.setEnablement': setModuleEnablement,
    'modules.companyModuleStates': companyModuleStates,
    'modules.setAdminAccess': setModuleAdminAccess,
  },
  afterWrite: {
    'company.onboardExecutive': onboardExecutive,
    'employee.syncAccount': syncEmployeeAccount,
  },
  transition: {},
});
