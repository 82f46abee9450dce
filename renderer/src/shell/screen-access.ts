import type { Meta, ScreenMeta } from '../meta/meta-types.ts';

/**
 * Whether the caller could open a screen, from what /meta tells them: a screen over an entity they may not read (it
 * is not in their meta), a report or a command's list whose command they may not run, answer "forbidden", so the
 * navigation does not offer them. The server decides again on every call.
 */
export function mayOpen(meta: Meta, screen: ScreenMeta): boolean {
  if (!screen.entity) return true;
  const entity = meta.entities.find((e) => e.name === screen.entity);
  if (!entity) return false;
  const command = screen.report ?? screen.source;
  return !command || entity.commands.some((c) => c.name === command);
}
