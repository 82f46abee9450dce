import type { Actor } from '../access/actor.ts';
import type { Db } from '../db/db.ts';
import type { HookRegistry } from '../hooks/hook-registry.ts';
import type { Registry } from '../metadata/registry.ts';
import type { MailMessage } from '../mail/mail-message.ts';

/** Everything one call works with, inside its one transaction. */
export interface CallContext {
  readonly tx: Db;
  readonly registry: Registry;
  readonly hooks: HookRegistry;
  readonly actor: Actor;
  /** The company whose rows this call touches: the caller's, or for the holder the one it names. */
  companyId: number | null;
  /** Mail written in this transaction; sent after it commits. */
  readonly mail: MailMessage[];
  /** Work for once the transaction has committed (forgetting what the process remembers of the rows it changed). */
  readonly afterCommit: Set<() => void>;
  /** Where links in mail point (PUBLIC_URL). */
  readonly publicUrl: string;
  /** Seals fields declared x-encrypted (STRATUM_SECRET_KEY or DATA_DIR/secret.key). */
  readonly secretKey?: Buffer;
  /** A read (a list, a read by id, /meta): the database refuses it any write, and it may use titles remembered a moment ago. */
  readonly readOnly?: boolean;
}

/** Moves the transaction's tenant setting to another company (the holder adding a company and its executive). */
export async function useCompany(ctx: CallContext, companyId: number): Promise<void> {
  if (ctx.companyId === companyId) return;
  await ctx.tx.query(`select set_config('app.company_id', $1, true)`, [String(companyId)]);
  ctx.companyId = companyId;
}
