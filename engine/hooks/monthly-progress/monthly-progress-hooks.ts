import type { ModuleHookSet } from '../hook-registry.ts';
import { createPlanCalendar, makePeriods } from './month-periods.ts';
import { checkCompanyProgress, checkEmployeeProgress } from './progress-checks.ts';
import { setCompanyProgress, setEmployeeProgress } from './progress-entry.ts';
import { companyKpis, employeeKpis } from './progress-kpis.ts';
import { companyReport, organisationalReport } from './progress-reports.ts';

/** Monthly progress: the months of a plan, progress entered in open months, the company and organisational reports. */
export const monthlyProgressHooks: ModuleHookSet = {
  command: {
    'monthlyProgress.makePeriods': makePeriods,
    'monthlyProgress.setEmployeeProgress': setEmployeeProgress,
    'monthlyProgress.setCompanyProgress': setCompanyProgress,
    'monthlyProgress.employeeKpis': employeeKpis,
    'monthlyProgress.companyKpis': companyKpis,
    'monthlyProgress.companyReport': companyReport,
    'monthlyProgress.organisationalReport': organisationalReport,
  },
  afterWrite: { 'monthlyProgress.createPlanCalendar': createPlanCalendar },
  beforeWrite: { 'monthlyProgress.checkEmployeeProgress': checkEmployeeProgress, 'monthlyProgress.checkCompanyProgress': checkCompanyProgress },
};
