import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { EntityMeta } from '../meta/meta-types.ts';

/** What a panel under an edit form is given: the form's entity, its record as the server last sent it, and a way to say it changed. */
export interface PanelProps {
  entity: EntityMeta;
  record: Record<string, any>;
  onChanged: (record: Record<string, any>) => void;
}

/** Panels that form screens name in metadata (`panels`); each loads as its own chunk. */
export const CUSTOM_PANELS: Record<string, LazyExoticComponent<ComponentType<PanelProps>>> = {
  AgreementKpis: lazy(() => import('./AgreementKpis.tsx')),
  AssessmentScores: lazy(() => import('./AssessmentScores.tsx')),
  QuestionAnswers: lazy(() => import('./QuestionAnswers.tsx')),
  ReferencedTeam: lazy(() => import('./ReferencedTeam.tsx')),
};
