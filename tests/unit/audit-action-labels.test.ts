import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { partialRecord } from '../support/partial-record.ts';
import { actionLabel } from '../../engine/hooks/organisation/audit-entry-names.ts';
import { hooks } from '../../engine/hooks/index.ts';
import { loadRegistry } from '../../engine/metadata/loader.ts';
import { ROOT } from '../../server/boot.ts';

const registry = loadRegistry(join(ROOT, 'metadata'), hooks);

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
