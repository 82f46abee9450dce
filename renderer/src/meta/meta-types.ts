/**
 * What GET /api/v1/meta tells the renderer, under the names the screens use. The shape is the engine's, kept once in
 * contract/meta-reply.ts (server/routes/meta-routes.ts builds the reply typed by it), so that the two cannot drift:
 * a change on either side fails `npm run typecheck`.
 */
import type { EntityReply, MetaReply, ModuleShape, ReportDef, RouteReply } from '../../../contract/meta-reply.ts';

export type { FieldSchema, HomeTab, QuestionsOf, ScreenMeta } from '../../../contract/meta-reply.ts';

/** A report a GET command declares: its filters (parameters), its columns and its chart. */
export type ReportMeta = ReportDef;
export type ModuleMeta = ModuleShape;
export type EntityMeta = EntityReply;
export type RouteMeta = RouteReply;
export type Meta = MetaReply;
