/**
 * The alias a read by id gives its record's table when it asks for more than the record's columns in the same
 * statement (engine/records/joined-titles.ts), so that the subselects can name the record's columns.
 */
export const RECORD_ALIAS = '_r';
