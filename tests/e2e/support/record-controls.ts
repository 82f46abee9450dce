import type { Page } from 'playwright-core';
import type { Meta } from '../../../renderer/src/meta/meta-types.ts';

/** What a record screen shows the caller may do: Save, its workflow buttons, its patch forms, and Add on each child panel. */
interface Shown {
  entity: string;
  id: string;
  save: boolean;
  transitions: string[];
  patches: string[];
  children: { key: string; add: boolean }[];
  /** the screen shows the record to read (a report): nothing is added there, whatever the record allows */
  report: boolean;
}

/** What the server answers for the record, asked as the signed-in caller of the page (the `_allowed` of a read by id). */
interface Allowed {
  update: boolean;
  transitions: string[];
  commands: string[];
  fields?: string[];
  lockedChildren?: string[];
  addChildren?: string[];
}

/**
 * The faults of a record screen's controls against what the server says the caller may do with the record now: a
 * Save, a workflow button or a patch form the server would refuse, and a child panel without Add where the caller may
 * add a child there (a panel "Nothing here yet" with no way to add). Nothing on a screen that shows no record.
 */
export async function recordControlFaults(page: Page, meta: Meta): Promise<string[]> {
  const shown = await page.evaluate((): Shown | null => {
    const root = document.querySelector('main section[data-screen=form][data-mode=edit][data-record-id]');
    if (!root) return null;
    return {
      entity: root.getAttribute('data-entity')!,
      id: root.getAttribute('data-record-id')!,
      // the record's own form (a patch command's small form is a card of its own, named by its test id)
      save: !!root.querySelector(':scope > .card.form-box:not([data-testid]) form button[type=submit]'),
      transitions: [...root.querySelectorAll('[data-testid=workflow] button[data-action]')].map(
        (b) => b.getAttribute('data-action')!,
      ),
      patches: [...root.querySelectorAll('[data-testid^="patch-"]')].map((p) =>
        p.getAttribute('data-testid')!.slice('patch-'.length),
      ),
      report: root.hasAttribute('data-report'),
      children: [...root.querySelectorAll('[data-testid^="children-"]')].map((c) => {
        const key = c.getAttribute('data-testid')!.slice('children-'.length);
        return { key, add: !!c.querySelector(`[data-testid="add-${key}"]`) };
      }),
    };
  });
  if (!shown) return [];
  const entity = meta.entities.find((e) => e.name === shown.entity);
  if (!entity) return [];
  const allowed = await page.evaluate(
    async ({ name, id, item }) => {
      const token = JSON.parse(localStorage.getItem('stratum.user') ?? 'null')?.token;
      const body = await (await fetch(`/api/v1/${name}/${id}`, { headers: token ? { token } : {} })).json();
      return (body?.data?.[item]?._allowed ?? null) as Allowed | null;
    },
    { name: entity.name, id: shown.id, item: entity.dataKeys.item },
  );
  if (!allowed) return [`the record ${entity.name} ${shown.id} is shown, but its read by id gives no _allowed`];
  const faults: string[] = [];
  if (shown.save && !allowed.update && !allowed.fields?.length)
    faults.push('Save shown, though the server says the caller may not update the record');
  for (const t of shown.transitions.filter((x) => !allowed.transitions.includes(x)))
    faults.push(`the button "${t}" shown, though the server says that transition is not open to the caller`);
  for (const c of shown.patches.filter((x) => !allowed.commands.includes(x)))
    faults.push(`the form of the command "${c}" shown, though the server says the caller may not run it`);
  for (const c of shown.children) {
    const child = meta.entities.find((e) => e.name === entity.children.find((x) => x.key === c.key)?.entity);
    const mayAdd =
      !!allowed.addChildren?.includes(c.key) &&
      !allowed.lockedChildren?.includes(c.key) &&
      !child?.commands.some((x) => x.kind === 'attach');
    if (c.add && !mayAdd)
      faults.push(`Add on the panel "${c.key}", though the server says the caller may not add there`);
    // a report screen offers no Add (what is added there is added on the record's own form); any other shows it where the caller may add
    if (c.add && shown.report)
      faults.push(`Add on the panel "${c.key}" of a report screen, which shows the record to read`);
    if (!c.add && mayAdd && !shown.report)
      faults.push(`no Add on the panel "${c.key}", though the server says the caller may add there`);
  }
  return faults;
}
