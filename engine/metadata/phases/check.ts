import { mailTextKeys } from '../../mail/mail-templates.ts';
import { checkReferences } from '../entity-references.ts';
import { checkChildStages } from '../child-stages.ts';
import type { HookCatalog } from '../hook-catalog.ts';
import type { KeyCheck } from '../i18n-key-check.ts';
import type { MetadataFault } from '../metadata-error.ts';
import { checkPublicFlows } from '../public-flow-definition.ts';
import { checkPickAmongs, checkRefExcepts, checkRefMatches } from '../ref-match-check.ts';
import { checkOpenWhens } from '../open-when-check.ts';
import { checkParentChains } from '../relationship-roles.ts';
import { checkReportReferences } from '../report-definition.ts';
import { checkScreens } from '../screen-check.ts';
import { checkInbox } from '../inbox-definition.ts';
import { checkModuleHomes } from '../module-home.ts';
import { checkTransitionRules } from '../workflow-conditions.ts';
import { checkCommandConditions } from '../command-conditions.ts';
import { checkPublicFlowConditions } from '../public-flow-conditions.ts';
import { checkWorkflow } from '../workflow-states.ts';
import { checkWriteConditions } from '../write-conditions.ts';
import type { ResolvedMetadata } from './resolve.ts';
import { moduleLabel } from './resolve.ts';

/** What a check is given: the resolved metadata, the hook catalogue, where to report a fault and how to check a text. */
export interface CheckInput extends ResolvedMetadata {
  readonly hooks: HookCatalog;
  readonly faults: MetadataFault[];
  readonly key: KeyCheck;
}

/**
 * Every check of phase 4, in the order its faults are printed. A check reads the resolved metadata and reports
 * faults; it changes nothing. A new check is a file of engine/metadata/ and one line here.
 */
export const METADATA_CHECKS: Readonly<Record<string, (c: CheckInput) => void>> = {
  // the mail the engine sends is worded from these texts (engine/mail/mail-templates.ts)
  mailTexts: (c) => mailTextKeys().forEach((k) => c.key('metadata/i18n/en.json', '', k)),
  workflowStates: (c) => c.workflows.forEach((wf) => checkWorkflow(wf, wf.entity, c.hooks, c.faults, c.key)),
  transitionRules: (c) =>
    c.workflows.forEach((wf) => checkTransitionRules(wf.file, wf.data, wf.entity, c.entities, c.faults, c.key)),
  commandConditions: (c) => c.entities.forEach((e) => checkCommandConditions(e, c.entities, c.faults, c.key)),
  writeConditions: (c) => c.entities.forEach((e) => checkWriteConditions(e, c.entities, c.faults, c.key)),
  references: (c) => c.entities.forEach((e) => checkReferences(e, c.entities, c.faults)),
  childStages: (c) => c.entities.forEach((e) => checkChildStages(e, c.entities, c.faults)),
  parentChains: (c) => checkParentChains(c.entities, c.faults),
  reports: (c) => c.entities.forEach((e) => checkReportReferences(e, c.entities, c.faults)),
  publicFlows: (c) => checkPublicFlows(c.entities, c.faults),
  publicFlowConditions: (c) => c.entities.forEach((e) => checkPublicFlowConditions(e, c.entities, c.faults, c.key)),
  refMatches: (c) => checkRefMatches(c.entities, c.faults),
  refExcepts: (c) => checkRefExcepts(c.entities, c.faults),
  pickAmongs: (c) => checkPickAmongs(c.entities, c.faults),
  openWhens: (c) => checkOpenWhens(c.entities, c.faults),
  moduleLabels: (c) => c.moduleFiles.forEach((mf) => c.key(mf.file, '/label', moduleLabel(mf.data))),
  screens: (c) => checkScreens(c.moduleFiles, c.modules, c.entities, c.faults, c.key),
  inbox: (c) => checkInbox(c.entities, c.modules, c.faults),
  moduleHomes: (c) => checkModuleHomes(c.moduleFiles, c.modules, c.entities, c.faults, c.key),
  entitiesInModules: (c) =>
    c.entityFiles.forEach((ef) => {
      if (!c.modules.has(ef.module))
        c.faults.push({ file: ef.file, pointer: '', message: `sits in "${ef.module}", which is not a module` });
    }),
};

/**
 * Phase 4, check: what no schema can say and no single file decides, judged on the resolved whole (roles and
 * relationship roles are judged in phase 3, where they are resolved; an unknown role name already fails phase 2).
 */
export function checkMetadata(input: CheckInput): void {
  for (const check of Object.values(METADATA_CHECKS)) check(input);
}
