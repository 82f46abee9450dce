import type { Meta, ScreenMeta } from '../meta/meta-types.ts';

/** A screen's title (an i18n key) as the navigation names it: its label, else its entity's. */
export const screenTitle = (meta: Meta, s: ScreenMeta) =>
  s.label ?? meta.entities.find((e) => e.name === s.entity)?.label ?? s.component ?? s.path;
