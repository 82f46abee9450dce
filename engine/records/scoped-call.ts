import { AppError } from '../app-error.ts';
import { text } from '../i18n/text.ts';
import { entityLabel } from './record-validator.ts';
import type { Actor } from '../access/actor.ts';
import { loadModuleAccess } from '../auth/auth-service.ts';
import type { Db, TransactionOptions } from '../db/db.ts';
import { setScope } from '../db/tenant-scope.ts';
import type { HookRegistry } from '../hooks/hook-registry.ts';
import { enqueueMail } from '../mail/outbox.ts';
import type { Registry } from '../metadata/registry.ts';
import type { CallContext } from './call-context.ts';
import { RolledBack } from './rolled-back.ts';
import { forgetTitles } from './title-cache.ts';

export type Caller = Omit<Actor, 'enabledModules' | 'adminModules'>;

export interface Engine {
  db: Db;
  registry: Registry;
  hooks: HookRegistry;
  publicUrl: string;
  secretKey?: Buffer;
  /** told after a commit that queued mail, so that it leaves at once (the server's mail worker) */
  mailer?: { wake(): void };
}

/**
 * Runs fn in one transaction under the request role with the tenant setting; an employee's module access is read
 * inside it. Mail the work writes goes to the outbox in the same transaction, worded in each recipient's language, and
 * the mailer is woken once it committed. Used by the HTTP API and by scripts alike. A read (`readOnly`) is refused any
 * write by the database and answers without waiting for its COMMIT (engine/db/db.ts, TransactionOptions).
 */
export async function scopedCall<T>(
  engine: Engine,
  caller: Caller,
  companyId: number | null,
  fn: (ctx: CallContext) => Promise<T>,
  options: TransactionOptions = {},
): Promise<{ result: T; mailed: number }> {
  const mail: CallContext['mail'] = [];
  const afterCommit: CallContext['afterCommit'] = new Set();
  let result: T;
  try {
    result = await engine.db.transaction(async (tx) => {
      // The tenant setting travels with the call's first statement (both drivers run a transaction's statements in the
      // order sent, and a failed one fails those behind it): no round trip of its own.
      const scoped = setScope(tx, { companyId, holder: caller.role === 'holder' });
      scoped.catch(() => undefined);
      let actor: Actor;
      if (caller.role === 'employee') {
        const access = await loadModuleAccess(tx, companyId!, caller.employeeId);
        // an API token administers only those of its creator's modules it names (engine/auth/api-tokens.ts)
        const admin = caller.apiToken
          ? new Set([...access.admin].filter((m) => caller.apiToken!.modules.includes(m)))
          : access.admin;
        actor = { ...caller, enabledModules: access.enabled, adminModules: admin };
      } else {
        if (companyId !== null) {
          const [exists] = await tx.query(`SELECT 1 FROM company WHERE id = $1`, [companyId]);
          if (!exists)
            throw AppError.worded(
              'not_found',
              text('refusal.record.notFound', {
                entity: entityLabel(engine.registry.entity('company')),
                id: String(companyId),
              }),
            );
        }
        actor = { ...caller, enabledModules: new Set(), adminModules: new Set() };
      }
      const ctx: CallContext = {
        tx,
        registry: engine.registry,
        hooks: engine.hooks,
        actor,
        companyId,
        mail,
        afterCommit,
        publicUrl: engine.publicUrl,
        secretKey: engine.secretKey,
        readOnly: options.readOnly,
      };
      const out = await fn(ctx);
      await scoped;
      if (mail.length) await enqueueMail(tx, engine.registry.messages, mail, ctx.companyId);
      return out;
    }, options);
  } catch (e) {
    // a dry run did all its work and rolled it back: nothing was written, nothing is mailed, the reply is its result
    if (e instanceof RolledBack) return { result: e.result as T, mailed: 0 };
    throw e;
  }
  // a committed write may have renamed what other records name: their titles are read afresh (title-cache.ts)
  if (!options.readOnly) forgetTitles();
  for (const work of afterCommit) work();
  if (mail.length) engine.mailer?.wake();
  return { result, mailed: mail.length };
}

/** The holder's account as a caller, for boot-time work such as the demo seed. */
export async function holderCaller(db: Db): Promise<Caller> {
  const [h] = await db.query<{ id: number; email: string }>(
    `SELECT id, email FROM account WHERE role = 'holder' ORDER BY id LIMIT 1`,
  );
  if (!h) throw new Error('no holder account');
  return {
    accountId: h.id,
    role: 'holder',
    companyId: null,
    employeeId: null,
    email: h.email,
    name: 'Platform Administrator',
  };
}
