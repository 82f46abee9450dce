import { entityHooks, mergeHookSets, type ModuleHookSet } from '../hook-registry.ts';
import { actionLabel, entityLabel, recordTitle } from './audit-entry-names.ts';
import { entityLabelFilter, recordTitleFilter } from './audit-entry-search.ts';
import { companyModuleStates, setModuleAdminAccess, setModuleEnablement } from './module-commands.ts';
import { issueApiToken } from './api-token-issue.ts';
import { onboardExecutive } from './company-onboarding.ts';
import { syncEmployeeAccount } from './employee-account.ts';
import { fullName, head } from './employee-derived.ts';
import { indexSsoDomains } from './sso-domain-index.ts';

/**
 * The organisation: a company's executive, employees' names and accounts, single sign-on domains, modules switched on
 * and administered, API tokens, and the audit trail's entries (the platform's too) named as the screens name things.
 */
export const organisationHooks: ModuleHookSet = mergeHookSets(
  entityHooks('company', { afterWrite: { 'company.onboardExecutive': onboardExecutive } }),
  entityHooks('employee', {
    computed: { 'employee.fullName': fullName, 'employee.head': head },
    afterWrite: { 'employee.syncAccount': syncEmployeeAccount },
  }),
  entityHooks('sso-provider', { afterWrite: { 'sso.indexDomains': indexSsoDomains } }),
  entityHooks(['audit-trail', 'platform-audit-trail'], {
    computed: { 'audit.recordTitle': recordTitle, 'audit.entityLabel': entityLabel, 'audit.actionLabel': actionLabel },
  }),
  {
    command: {
      'modules.setEnablement': setModuleEnablement,
      'modules.companyModuleStates': companyModuleStates,
      'modules.setAdminAccess': setModuleAdminAccess,
      'apiToken.issue': issueApiToken,
      'apiToken.issuePlatform': issueApiToken,
    },
    filter: { 'audit.recordTitle': recordTitleFilter, 'audit.entityLabel': entityLabelFilter },
  },
);
