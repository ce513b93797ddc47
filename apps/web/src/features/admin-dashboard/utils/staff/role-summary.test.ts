import { STAFF_ROLES } from '@store/core';
import { describe, expect, it } from 'vitest';
import { roleSummary } from './role-summary';

describe('roleSummary', () => {
  it('says what each role may do, from the table of rights', () => {
    expect(roleSummary('owner')).toBe('Everything, managing staff included');
    expect(roleSummary('manager')).toBe('Everything but managing staff');
    expect(roleSummary('clerk')).toBe(
      'Reads the console; may mark orders shipped, take phone orders and send payment links',
    );
    expect(roleSummary('viewer')).toBe('Reads the console; changes nothing');
  });

  it('gives every role a line of its own', () => {
    const lines = STAFF_ROLES.map(roleSummary);
    expect(new Set(lines).size).toBe(STAFF_ROLES.length);
  });
});
