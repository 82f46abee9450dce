import { post } from '../api/api-client.ts';
import type { useCall } from '../api/call-state.tsx';
import type { EntityMeta } from '../meta/meta-types.ts';

/**
 * An add form that declares `then` (a send form) takes that transition on the record it just added: the survey is
 * added and sent in one press of Save. When the transition is refused its message shows and the record stays as added (false).
 */
export async function takeThen(
  run: ReturnType<typeof useCall>['run'],
  entity: EntityMeta,
  action: string,
  added: Record<string, any>,
): Promise<boolean> {
  const x = entity.workflow?.transitions.find((y) => y.action === action);
  const d = await run(x?.error ?? entity.errors.update, () =>
    post(`${entity.name}/${action}`, { id: added.id, version: added.version }),
  );
  return d !== undefined;
}
