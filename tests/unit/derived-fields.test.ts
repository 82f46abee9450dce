import { describe, expect, it } from 'vitest';
import { fullName, head } from '../../engine/hooks/organisation/employee-derived.ts';
import { waitAfter, FREE_FAILURES, MAX_WAIT_S } from '../../engine/auth/login-throttle.ts';

describe('employee derived fields', () => {
  it('fullName joins first and last name', () => {
    expect(fullName({ firstName: 'Farzana', lastName: 'Rahman' })).toBe('Farzana Rahman');
    expect(fullName({ firstName: 'Cher', lastName: '' })).toBe('Cher');
    expect(fullName({ firstName: '  ', lastName: 'Solo' })).toBe('Solo');
  });
  it.each(['businessUnitHead', 'departmentHead', 'divisionHead', 'sectionHead', 'subSectionHead', 'subSubSectionHead'])(
    'head is Yes when %s is Yes',
    (flag) => {
      expect(head({ [flag]: 'Yes' })).toBe('Yes');
    },
  );
  it('head is No when no flag is Yes', () => {
    expect(head({ businessUnitHead: 'No', departmentHead: 'No' })).toBe('No');
  });
});

describe('sign-in slow-down', () => {
  it('lets the first failures pass, then waits longer after each', () => {
    expect(Array.from({ length: FREE_FAILURES }, (_, i) => waitAfter(i))).toEqual([0, 0, 0, 0, 0]);
    expect(waitAfter(FREE_FAILURES)).toBe(30);
    expect(waitAfter(FREE_FAILURES + 1)).toBe(60);
    expect(waitAfter(100)).toBe(MAX_WAIT_S);
  });
});
