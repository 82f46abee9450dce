import type { ModuleHookSet } from '../hook-registry.ts';
import { info } from './questionnaire-info.ts';
import { placeAnswer, placeRecipient, recipientStatus, recipientStatusFilter } from './questionnaire-placement.ts';

/** The audit questionnaire sent to auditees outside the audit team (a public flow). */
export const auditQuestionnaireHooks: ModuleHookSet = {
  computed: { 'auditQuestionnaire.recipientStatus': recipientStatus },
  command: { 'auditQuestionnaire.info': info },
  beforeWrite: { 'auditQuestionnaire.placeRecipient': placeRecipient, 'auditQuestionnaire.placeAnswer': placeAnswer },
  filter: { 'auditQuestionnaire.recipientStatus': recipientStatusFilter },
};
