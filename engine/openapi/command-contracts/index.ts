import type { Registry } from '../../metadata/registry.ts';
import { recordShapes } from '../record-schemas.ts';
import type { CommandContracts } from './command-contract.ts';
import { monthlyProgressContracts } from './monthly-progress.ts';
import { performanceContracts } from './performance.ts';
import { performanceReportContracts } from './performance-reports.ts';
import { performanceReviewContracts } from './performance-review.ts';
import { projectsContracts } from './projects.ts';
import { riskManagementContracts } from './risk-management.ts';
import { strategyContracts } from './strategy.ts';
import { surveyContracts } from './surveys.ts';
import { workspaceContracts } from './workspace.ts';

const SETS = [
  workspaceContracts,
  riskManagementContracts,
  strategyContracts,
  projectsContracts,
  surveyContracts,
  monthlyProgressContracts,
  performanceContracts,
  performanceReportContracts,
  performanceReviewContracts,
];

/** Every command hook's contract, by hook name; a name given twice is a mistake caught here. */
export function commandContracts(registry: Registry): CommandContracts {
  const records = recordShapes(registry);
  const all: Record<string, CommandContracts[string]> = {};
  for (const set of SETS)
    for (const [hook, contract] of Object.entries(set(records))) {
      if (all[hook]) throw new Error(`Two contracts are given for the command hook ${hook}`);
      all[hook] = contract;
    }
  return all;
}

/** The command hooks the metadata names (commands and public-flow info) that no contract describes: `npm run check` refuses them. */
export function undescribedHooks(registry: Registry): { hook: string; where: string }[] {
  const described = commandContracts(registry);
  const named = [...registry.entities.values()].flatMap((e) => [
    ...e.commands
      .filter((c) => c.kind === 'hook')
      .map((c) => ({ hook: c.hook!, where: `${e.source} (command ${c.name})` })),
    ...(e.publicFlow ? [{ hook: e.publicFlow.info, where: `${e.source} (publicFlow.info)` }] : []),
  ]);
  return named.filter((n) => !described[n.hook]);
}
