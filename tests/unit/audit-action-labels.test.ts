import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { partialRecord } from '../support/partial-record.ts';
import { actionLabel } from '../../engine/hooks/organisation/audit-entry-names.ts';
import { hooks } from '../../engine/hooks/index.ts';
import { loadRegistry } from '../../engine/metadata/loader.ts';
import { ROOT } from '../../server/boot.ts';

const registry = loadRegistry(join(ROOT, 'metadata'), hooks);

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/**
 * The actions the engine's own code writes under (a hook's applyUpdate(…, 'count-trainings'), `action: 'assign'`),
 * read from the source, so that a new one without words fails here rather than showing its key in the trail.
 */
function actionsWrittenByCode(): string[] {
  const found = new Set<string>();
  for (const file of files(join(ROOT, 'engine'))) {
    const source = readFileSync(file, 'utf8');
    for (const m of source.matchAll(
      /\b(?:applyUpdate|applyDelete|addRecords?|updateRecords|deleteRecords)\([^;]*?, '([a-z][a-z-]*)'\)/g,
    ))
      found.add(m[1]);
    for (const m of source.matchAll(/\baction: '([a-z][a-z-]*)'/g)) found.add(m[1]);
  }
  return [...found];
}

describe('the audit trail words its actions', () => {
  it("names every write a record can get (add, update, delete, each transition and writing command, the hooks' own) in every language", () => {
    const actions = new Set([
      'add',
      'update',
      'delete',
      'set',
      'assign',
      'rerate',
      'onboard',
      'follow-quarter',
      'follow-audit',
      'follow-risk-owner',
      'follow-activity',
      'decide',
      ...actionsWrittenByCode(),
    ]);
    for (const e of registry.entities.values()) {
      for (const t of e.workflow?.transitions ?? []) actions.add(t.action);
      for (const c of e.commands) if (c.method === 'POST') actions.add(c.name);
    }
    const unworded = [...actions].filter((a) => {
      const key = String(actionLabel(partialRecord('audit-trail', { action: a }), registry));
      return (['en', 'bn', 'de'] as const).some((lang) => registry.messages[lang][key] === undefined);
    });
    expect(unworded).toEqual([]);
    expect(
      registry.messages.de[String(actionLabel(partialRecord('audit-trail', { action: 'update' }), registry))],
    ).toBe('Geändert');
    expect(
      registry.messages.en[String(actionLabel(partialRecord('audit-trail', { action: 'save-scores' }), registry))],
    ).toBe('Scores saved');
    expect(
      registry.messages.en[String(actionLabel(partialRecord('audit-trail', { action: 'approve' }), registry))],
    ).toBe('Approve');
  });
});
