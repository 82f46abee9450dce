import type { NextStep } from '../../contract/meta-reply.ts';
import { text, type TextParam } from '../i18n/text.ts';
import type { EntityDef, Role } from '../metadata/registry.ts';
import { whoHolds } from './access-policy.ts';

type Workflow = NonNullable<EntityDef['workflow']>;

/**
 * An entity's workflow as one caller's screens get it: the transitions they may try, and, whatever they may try,
 * why a record is in its state and whose step comes next. A state's reasons are the declared ones and the notes every
 * transition into it requires, the caller's or not (the supervisor reads the note with which an administrator sent an
 * assessment back to him); `next` names, by state, the steps out of it and who takes them (a disputed assessment waits
 * for the module's administrators), so that a screen says whose turn it is to a reader who may take none of them.
 */
export function workflowFor(
  e: EntityDef,
  may: (roles: readonly Role[]) => boolean,
): (Workflow & { next: Record<string, NextStep[]> }) | undefined {
  const wf = e.workflow;
  if (!wf) return undefined;
  const reasons: Record<string, [string, ...string[]]> = {};
  const next: Record<string, NextStep[]> = {};
  for (const state of wf.states) {
    const fields = new Set([
      ...(wf.reasons?.[state] ?? []),
      ...wf.transitions.filter((x) => x.to === state).flatMap((x) => x.requires ?? []),
    ]);
    if (fields.size) reasons[state] = [...fields] as [string, ...string[]];
    const steps = wf.transitions
      .filter((x) => x.from.includes(state))
      .map((x) => nextStep(x.action, (x.access ?? e.access.update) as Role[], e))
      .filter((x): x is NextStep => x !== undefined);
    if (steps.length) next[state] = steps;
  }
  return {
    ...wf,
    ...(Object.keys(reasons).length && { reasons }),
    transitions: wf.transitions.filter((x) => may((x.access ?? e.access.update) as Role[])),
    next,
  };
}

/** A step and who takes it; where one employee the record names takes it (`field:approverId`), that field too. */
function nextStep(action: string, roles: readonly Role[], e: EntityDef): NextStep | undefined {
  const who = whoOf(roles, e);
  if (who === undefined) return undefined;
  const named = roles.length === 1 && roles[0].startsWith('field:') ? roles[0].slice('field:'.length) : undefined;
  return { action, who, ...(named && { named }) };
}

/** Who the roles admit, as one phrase ("the employee it belongs to, or …"); undefined when no words name them. */
function whoOf(roles: readonly Role[], e: EntityDef): TextParam | undefined {
  const who = whoHolds(roles, e);
  return who.length ? who.reduce((a, b) => text('refusal.access.orElse', { a, b })) : undefined;
}
