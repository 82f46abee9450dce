import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../engine/db/db.ts';

/**
 * The server's Prometheus metrics, in a registry of its own (not prom-client's global one), so that each Stratum in
 * a process (the tests boot many) counts only its own requests. Request counts and latencies are recorded as each
 * request ends; the database figures are read when /metrics is scraped: the pool from the adapter's counters, the
 * outbox backlog by one count query per scrape, never per request.
 */
export interface StratumMetrics {
  readonly registry: Registry;
  /** one finished request: its method, route pattern (never the raw address, which carries ids), status and duration */
  observeRequest(method: string, route: string, status: number, seconds: number): void;
  /** a reminder run, by what started it */
  reminderRun(trigger: 'schedule' | 'holder'): void;
}

/** Request latency buckets in seconds: a read lands in the first few, a report or a sign-in (scrypt) in the last. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createMetrics(db: Db): StratumMetrics {
  const registry = new Registry();
  const requests = new Counter({
    name: 'stratum_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'stratum_http_request_duration_seconds',
    help: 'Time from receiving a request to its reply, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const reminders = new Counter({
    name: 'stratum_reminder_runs_total',
    help: 'Reminder runs started, by trigger (schedule, holder)',
    labelNames: ['trigger'],
    registers: [registry],
  });
  new Gauge({
    name: 'stratum_db_pool_connections',
    help: 'Database connections of this process: size (most it opens; PGlite: 1), in_use (busy with a statement or transaction), idle (size less in_use)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const use = db.poolUse?.();
      if (!use) return;
      this.set({ state: 'size' }, use.size);
      this.set({ state: 'in_use' }, use.inUse);
      this.set({ state: 'idle' }, use.size - use.inUse);
    },
  });
  new Gauge({
    name: 'stratum_mail_outbox_queued',
    help: 'Mail in the outbox not yet sent (waiting, being retried or given up), across the installation',
    registers: [registry],
    async collect() {
      const [row] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM mail_outbox WHERE sent_at IS NULL`);
      this.set(row.n);
    },
  });
  return {
    registry,
    observeRequest(method, route, status, seconds) {
      const labels = { method, route, status: String(status) };
      requests.inc(labels);
      latency.observe(labels, seconds);
    },
    reminderRun(trigger) {
      reminders.inc({ trigger });
    },
  };
}
