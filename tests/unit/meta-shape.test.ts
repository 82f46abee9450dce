import { describe, expectTypeOf, it } from 'vitest';
import type { AllowedOnRecord } from '../../engine/access/record-permissions.ts';
import type { CommandDef, EntityDef, ModuleDef } from '../../engine/metadata/registry.ts';
import type { EntityMeta, Meta, ModuleMeta, ScreenMeta } from '../../renderer/src/meta/meta-types.ts';
import type { RecordAllowed } from '../../renderer/src/meta/record-allowed.ts';
import type { MetaReply } from '../../contract/meta-reply.ts';

/**
 * The engine and the renderer hold one shape of the metadata (contract/meta-reply.ts): what the registry keeps, what
 * GET /api/v1/meta sends (server/routes/meta-routes.ts is typed by MetaReply) and what the screens read are the same
 * types, not copies that agree today. Checked by `npm run typecheck`, which compiles this file: a field added, renamed
 * or retyped on one side only fails it.
 */
describe('one metadata shape for engine and renderer', () => {
  it('gives the renderer the types the engine sends', () => {
    expectTypeOf<Meta>().toEqualTypeOf<MetaReply>();
    expectTypeOf<ModuleMeta>().toEqualTypeOf<ModuleDef>();
    expectTypeOf<EntityMeta>().toEqualTypeOf<MetaReply['entities'][number]>();
    expectTypeOf<ScreenMeta>().toEqualTypeOf<ModuleDef['screens'][number]>();
    expectTypeOf<EntityMeta['list']>().toEqualTypeOf<EntityDef['list']>();
    expectTypeOf<EntityMeta['children']>().toEqualTypeOf<EntityDef['children']>();
    // the reply's workflow is the registry's with whose step comes next (`next`) added
    expectTypeOf<Omit<NonNullable<EntityMeta['workflow']>, 'next'>>().toEqualTypeOf<
      Omit<NonNullable<EntityDef['workflow']>, never>
    >();
    expectTypeOf<NonNullable<EntityMeta['requiredWhen']>>().toEqualTypeOf<EntityDef['requiredWhen']>();
    expectTypeOf<EntityMeta['commands'][number]['report']>().toEqualTypeOf<CommandDef['report']>();
    expectTypeOf<EntityMeta['commands'][number]['kind']>().toEqualTypeOf<CommandDef['kind']>();
    expectTypeOf<RecordAllowed>().toEqualTypeOf<AllowedOnRecord>();
  });
});
