import type { EntityDef } from '../metadata/registry.ts';
import type { CallContext } from '../records/call-context.ts';

/** Where a record opens in Stratum, for a link in a mail (a reminder, a workflow's notice): its edit screen, else its list. */
export function linkTo(ctx: CallContext, entity: EntityDef, id: number): string {
  const screens = [...ctx.registry.modules.values()].flatMap((m) => m.screens).filter((s) => s.entity === entity.name);
  const edit = screens.find(
    (s) => (s.kind === 'form' || s.kind === 'custom') && (s.mode === 'edit' || /edit/i.test(s.path)),
  );
  const target = edit ?? screens.find((s) => s.kind === 'list');
  return target ? `${ctx.publicUrl}${target.path}${edit ? `?id=${id}` : ''}` : ctx.publicUrl;
}
