/**
 * Thrown by work that must leave nothing behind (a dry run): its transaction rolls back as after any failure, and
 * the call answers with `result` as if it had succeeded.
 */
export class RolledBack extends Error {
  constructor(readonly result: unknown) {
    super('rolled back on purpose');
    this.name = 'RolledBack';
  }
}
