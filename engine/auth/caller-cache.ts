import { LRUCache } from 'lru-cache';
import type { Actor } from '../access/actor.ts';

/**
 * Who a token belongs to, and which modules an employee may use, remembered for a moment: every call needs both, and
 * asking the database costs each call a round trip of its own (the token) or a statement ahead of its work (the
 * module access). Whatever this process changes that could alter an answer forgets them all once it has committed
 * (`affectsCallers`, and sign-out and password reset) and tells the other server processes over one PostgreSQL
 * (caller-forgetting.ts), which forget theirs at once; a change no process made (a hand-written UPDATE) shows within
 * CALLER_TTL_MS.
 */
export const CALLER_TTL_MS = 2_000;

export type TokenCaller = Omit<Actor, 'enabledModules' | 'adminModules'>;
export interface ModuleAccess {
  enabled: Set<string>;
  admin: Set<string>;
}

/** by the token's hash, never the token itself */
const callers = new LRUCache<string, TokenCaller>({ max: 10_000, ttl: CALLER_TTL_MS });
/** by company and employee */
const access = new LRUCache<string, ModuleAccess>({ max: 10_000, ttl: CALLER_TTL_MS });

export const rememberedCaller = (tokenHash: string) => callers.get(tokenHash);

/** Token lookups under way, by the token's hash. */
const lookups = new Map<string, Promise<TokenCaller | null>>();

/**
 * One lookup for the calls that miss one token at once. When a remembered caller lapses, every call of that token in
 * flight (50, under the bench's load) misses together and each asked the database on its own: one call in eight did
 * a statement more than it needed. A forget drops the lookups under way, so that a call after it asks afresh.
 */
export function lookUpCallerOnce(
  tokenHash: string,
  lookUp: () => Promise<TokenCaller | null>,
): Promise<TokenCaller | null> {
  const under = lookups.get(tokenHash);
  if (under) return under;
  const lookup = lookUp().finally(() => {
    if (lookups.get(tokenHash) === lookup) lookups.delete(tokenHash);
  });
  lookups.set(tokenHash, lookup);
  return lookup;
}

/** A session that ends sooner than the cache would forget is remembered only until it ends. */
export function rememberCaller(tokenHash: string, caller: TokenCaller, expiresAt: Date): void {
  const ttl = Math.min(CALLER_TTL_MS, expiresAt.getTime() - Date.now());
  if (ttl > 0) callers.set(tokenHash, caller, { ttl });
}

const accessKey = (companyId: number, employeeId: number | null) => `${companyId}:${employeeId}`;
export const rememberedAccess = (companyId: number, employeeId: number | null) =>
  access.get(accessKey(companyId, employeeId));
export const rememberAccess = (companyId: number, employeeId: number | null, a: ModuleAccess) =>
  access.set(accessKey(companyId, employeeId), a);

/** Forgets this process's answers only: what a notice from another process asks. */
export function forgetCallersHere(): void {
  callers.clear();
  access.clear();
  lookups.clear();
}

/** How the other processes are told (caller-forgetting.ts sets it when the database can tell them). */
let tellOthers: () => void = () => {};
export function onCallersForgotten(tell: () => void): void {
  tellOthers = tell;
}

/** Forgets here and in every other server process over the same database. */
export function forgetCallers(): void {
  forgetCallersHere();
  tellOthers();
}

/** Tables whose rows decide a token's caller or an employee's module access (an employee's row keeps its account). */
const CALLER_TABLES: ReadonlySet<string> = new Set([
  'account',
  'session',
  'employee',
  'company',
  'company_module',
  'employee_module',
  'api_token',
  'platform_api_token',
]);

/** Whether a write of the record store may change an answer: any delete (its cascades reach accounts) or a caller table. */
export const affectsCallers = (table: string, action: 'add' | 'update' | 'delete') =>
  action === 'delete' || CALLER_TABLES.has(table);
