import postgres from 'postgres';
import type { Db, Row } from './db.ts';
import { OID, parseDate, parseInt8, parseNumeric, parseTimestamp } from './type-parsers.ts';

type Sql = postgres.Sql | postgres.TransactionSql;

class PostgresDb implements Db {
  readonly kind = 'postgres' as const;
  constructor(private readonly sql: Sql, private readonly root: postgres.Sql | null) {}

  async query<T = Row>(text: string, params: readonly unknown[] = []): Promise<T[]> {
    const rows = await this.sql.unsafe(text, params as postgres.ParameterOrJSON<never>[]);
    return rows as unknown as T[];
  }

  async transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    if (!this.root) return fn(this);
    return (await this.root.begin((tx) => fn(new PostgresDb(tx, null)))) as T;
  }

  async close(): Promise<void> {
    if (this.root) await this.root.end({ timeout: 5 });
  }
}

export function connectPostgres(url: string, options: { max?: number } = {}): Db {
  const sql = postgres(url, {
    max: options.max ?? 10,
    onnotice: () => {},
    types: {
      int8: { to: OID.int8, from: [OID.int8], serialize: (x: number) => String(x), parse: parseInt8 },
      numeric: { to: OID.numeric, from: [OID.numeric], serialize: (x: number) => String(x), parse: parseNumeric },
      date: { to: OID.date, from: [OID.date], serialize: (x: string) => x, parse: parseDate },
      timestamptz: { to: OID.timestamptz, from: [OID.timestamptz, OID.timestamp], serialize: (x: string) => x, parse: parseTimestamp },
    },
  });
  return new PostgresDb(sql, sql);
}
