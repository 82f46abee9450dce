import type { MigrationAction, MigrationPlan } from './planner.ts';

// The migrations a start refuses, apart from the migrator: the server's entry tells them in plain words without
// loading the migrator (server/main.ts).

/**
 * A unique index the metadata now asks for (a name compared without regard to case, a new unique set) that the rows
 * already stored break: the start stops, nothing of the migration is kept, and the message says which rows to rename.
 */
export class DuplicateRowsError extends Error {
  constructor(action: MigrationAction, detail: string) {
    super(
      `The metadata asks for ${action.description}, but rows of ${action.table} already hold the same values (${detail}). ` +
        'Rename or merge those rows (or write a patch in scripts/patches/), then start again; nothing was changed.',
    );
    this.name = 'DuplicateRowsError';
  }
}

export class DestructiveMigrationError extends Error {
  constructor(readonly plan: MigrationPlan) {
    super(
      'The metadata asks for changes that could lose data; write a patch in scripts/patches/ for each:\n' +
        plan.destructive.map((d) => `  ${d.description}`).join('\n'),
    );
    this.name = 'DestructiveMigrationError';
  }
}
