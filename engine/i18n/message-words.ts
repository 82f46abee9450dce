/**
 * How the engine names things of the metadata inside a message, as `Text` params worded in the reader's language:
 * a module by its label, a workflow action or command by its button's label, a state by its option's label. (An
 * entity and a field are named by `entityLabel` and `labelOf` in records/record-validator.ts, a day by
 * `dayMonthYear` in day-month-year.ts.)
 */
import { optionKey } from '../metadata/option-key.ts';
import { kebabToCamel } from '../metadata/naming.ts';
import { readableName, text, type Text, type TextList, type TextParam } from './text.ts';

/** Words that stand inside a sentence: English writes their first letter small there ("its approver"). */
export const inSentence = (p: TextParam): TextList => ({ list: [p], join: 'and', midSentence: true });

/** A module by its label (`module.<camelId>`, as the loader names it): "Compliance management". */
export const moduleLabel = (moduleId: string): Text =>
  text(`module.${kebabToCamel(moduleId)}`, undefined, readableName(moduleId));

/** A workflow action or a command by its button's label (`action.<camelName>`): "Accept", "Sign off". */
export const actionLabel = (name: string): Text => text(`action.${kebabToCamel(name)}`, undefined, readableName(name));

/** A value of an enum (a state, a level, a kind) by its option's label: "Pending Approval" -> "Awaiting approval". */
export const optionLabel = (value: unknown): Text => text(optionKey(String(value)), undefined, String(value));

/** Values of an enum joined as the language joins alternatives: "Draft or Declined". */
export const optionsOr = (values: readonly unknown[]): TextList => ({ list: values.map(optionLabel), join: 'or' });

/** Names (of records, of people) quoted and joined with "and": “Vendor master changes” and “Cash counts”. */
export const quotedNames = (names: readonly unknown[]): TextList => ({
  list: names.map((n) => text('refusal.quoted', { name: String(n) })),
  join: 'and',
});
