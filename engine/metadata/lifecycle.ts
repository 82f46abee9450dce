import type { EntityDef } from './registry.ts';

/** The stages a record passes through, in order, and the field that holds its stage. */
export interface Lifecycle {
  readonly field: string;
  readonly states: readonly string[];
}

/**
 * An entity's lifecycle: its workflow's states, else the values of its `stageField` (a project's status, written by
 * its form rather than by transitions); none for an entity with neither. What the record's stepper shows and its
 * sections open at (`opensAt`).
 */
export function lifecycleOf(e: EntityDef): Lifecycle | undefined {
  if (e.workflow) return { field: e.workflow.stateField, states: e.workflow.states };
  const f = e.stageField ? e.field.get(e.stageField) : undefined;
  return f?.enum ? { field: f.name, states: f.enum.map(String) } : undefined;
}
