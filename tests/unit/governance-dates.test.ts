import { describe, expect, it } from 'vitest';
import { partialRecord } from '../support/partial-record.ts';
import { completionChanges, statusChangeLabel } from '../../engine/hooks/actions-tracker/resolution-status.ts';
import { contractPhase } from '../../engine/hooks/contract-management/contract-phase.ts';
import { signingChanges } from '../../engine/hooks/contract-management/contract-signing.ts';
import { contractStatus } from '../../engine/hooks/contract-management/contract-status.ts';
import { isPastReview } from '../../engine/hooks/contract-management/governance-review.ts';
import type { AppError } from '../../engine/app-error.ts';

const TODAY = '2026-11-23';

describe('a governance policy past its review date', () => {
  it('is Yes when the next review date is not in the future, today included', () => {
    expect(isPastReview('2026-11-22', TODAY)).toBe('Yes');
    expect(isPastReview('2026-11-23', TODAY)).toBe('Yes');
    expect(isPastReview('2026-11-24', TODAY)).toBe('No');
  });
  it('compares dates, not text of another shape, and is No without a date', () => {
    expect(isPastReview('2026-11-23T00:00:00.000Z', TODAY)).toBe('Yes');
    expect(isPastReview('2027-01-01', TODAY)).toBe('No');
    expect(isPastReview(null, TODAY)).toBe('No');
    expect(isPastReview(undefined, TODAY)).toBe('No');
  });
});

describe('the phase of a contract', () => {
  it('is Draft until it is signed, whatever its dates', () => {
    expect(contractPhase({ type: 'Draft', endDate: '2020-01-01' }, TODAY)).toBe('Draft');
  });
  it('is Monitored while a signed contract runs, up to and including its end date', () => {
    expect(contractPhase({ type: 'Signed', statusSet: 'Active', endDate: '2027-01-01' }, TODAY)).toBe('Monitored');
    expect(contractPhase({ type: 'Signed', statusSet: 'Suspended', endDate: TODAY }, TODAY)).toBe('Monitored');
  });
  it('is Ended once the end date has passed or it is Terminated or Expired', () => {
    expect(contractPhase({ type: 'Signed', statusSet: 'Active', endDate: '2026-11-22' }, TODAY)).toBe('Ended');
    expect(contractPhase({ type: 'Signed', statusSet: 'Terminated', endDate: '2030-01-01' }, TODAY)).toBe('Ended');
    expect(contractPhase({ type: 'Signed', statusSet: 'Expired', endDate: '2030-01-01' }, TODAY)).toBe('Ended');
  });
  it('reads the status an audit entry from before statusSet held as status', () => {
    expect(contractPhase({ type: 'Signed', status: 'Terminated', endDate: '2030-01-01' }, TODAY)).toBe('Ended');
    expect(contractPhase({ type: 'Signed', status: 'Active', endDate: '2030-01-01' }, TODAY)).toBe('Monitored');
  });
});

describe('the status of a contract', () => {
  it('is none for a draft, and what its team set while a signed contract runs (Active when nothing was)', () => {
    expect(contractStatus({ type: 'Draft', statusSet: null, endDate: '2020-01-01' }, TODAY)).toBeNull();
    expect(contractStatus({ type: 'Signed', statusSet: 'Suspended', endDate: TODAY }, TODAY)).toBe('Suspended');
    expect(contractStatus({ type: 'Signed', statusSet: null, endDate: '2027-01-01' }, TODAY)).toBe('Active');
  });
  it('is Expired once the end date has passed, whatever was set, unless it was terminated', () => {
    expect(contractStatus({ type: 'Signed', statusSet: 'Active', endDate: '2026-11-22' }, TODAY)).toBe('Expired');
    expect(contractStatus({ type: 'Signed', statusSet: 'Suspended', endDate: '2026-11-22' }, TODAY)).toBe('Expired');
    expect(contractStatus({ type: 'Signed', statusSet: 'Terminated', endDate: '2026-11-22' }, TODAY)).toBe(
      'Terminated',
    );
  });
});

describe('signing a contract', () => {
  const draft = { id: 1, type: 'Draft', statusSet: null, signedDocument: null } as const;
  it('signs a draft when its signed document is stored: Signed, dated today, Active', () => {
    expect(signingChanges(draft, { ...draft, signedDocument: 7 }, TODAY)).toEqual({
      type: 'Signed',
      uploadDate: TODAY,
      statusSet: 'Active',
    });
  });
  it('changes nothing on a write that stores no document', () => {
    expect(signingChanges(draft, { ...draft, endDate: '2027-01-01' }, TODAY)).toEqual({});
    expect(signingChanges(null, { type: 'Draft' }, TODAY)).toEqual({});
  });
  it('refuses a status on a draft, naming the field', () => {
    const e = (() => {
      try {
        signingChanges(draft, { ...draft, statusSet: 'Active' }, TODAY);
      } catch (x) {
        return x as AppError;
      }
    })();
    expect(e?.status).toBe(422);
    expect(e?.fieldErrors.map((f) => f.field)).toEqual(['statusSet']);
  });
  // (that its signed document is never replaced is upload-signed's declared condition: tests/api/contract-management.test.ts)
  it('lets a signed contract change its status', () => {
    const signed = { id: 1, type: 'Signed', statusSet: 'Active', signedDocument: 7 } as const;
    expect(signingChanges(signed, { ...signed, statusSet: 'Terminated' }, TODAY)).toEqual({});
  });
});

describe('the completion date of a resolution', () => {
  it('is today when it is completed without one, and kept when the committee gave one', () => {
    expect(completionChanges({ status: 'In Progress' }, { status: 'Completed', completionDate: null }, TODAY)).toEqual({
      completionDate: TODAY,
    });
    expect(
      completionChanges({ status: 'In Progress' }, { status: 'Completed', completionDate: '2026-11-01' }, TODAY),
    ).toEqual({});
  });
  it('is cleared when a completed resolution is reopened', () => {
    expect(
      completionChanges({ status: 'Completed' }, { status: 'In Progress', completionDate: '2026-11-01' }, TODAY),
    ).toEqual({ completionDate: null });
    expect(completionChanges(null, { status: 'Open' }, TODAY)).toEqual({});
  });
});

describe('a status update entry', () => {
  it('is named by the change it records, or by the first status', () => {
    expect(
      statusChangeLabel(partialRecord('resolution-status', { previousStatus: 'Open', status: 'In Progress' })),
    ).toBe('Open → In Progress');
    expect(statusChangeLabel(partialRecord('resolution-status', { previousStatus: null, status: 'Open' }))).toBe(
      'Open',
    );
  });
});
