import { NAME_MAX_LENGTH, STAFF_MESSAGES } from '@store/core';
import { describe, expect, it } from 'vitest';
import { addStaffServerProblem, checkAddStaffForm } from './add-staff-form';

describe('checkAddStaffForm', () => {
  it('gives the request, trimmed, when every field is right', () => {
    expect(checkAddStaffForm({ name: ' Pat Clerk ', email: 'pat@example.com', role: 'clerk' })).toEqual({
      request: { name: 'Pat Clerk', email: 'pat@example.com', role: 'clerk' },
    });
  });

  it('names the field of the first problem, in the form’s order, with the schema’s words', () => {
    expect(checkAddStaffForm({ name: '', email: '', role: '' })).toEqual({
      field: 'name',
      message: STAFF_MESSAGES.nameRequired,
    });
    expect(checkAddStaffForm({ name: 'Pat', email: '', role: '' })).toEqual({
      field: 'email',
      message: STAFF_MESSAGES.emailRequired,
    });
    expect(checkAddStaffForm({ name: 'Pat', email: 'pat@example.com', role: '' })).toEqual({
      field: 'role',
      message: STAFF_MESSAGES.roleRequired,
    });
    expect(
      checkAddStaffForm({ name: 'x'.repeat(NAME_MAX_LENGTH + 1), email: 'p@e.co', role: 'viewer' }),
    ).toMatchObject({
      field: 'name',
    });
    expect(checkAddStaffForm({ name: 'Pat', email: 'not an email', role: 'viewer' })).toMatchObject({
      field: 'email',
    });
  });
});

describe('addStaffServerProblem', () => {
  it('puts a taken email under Email', () => {
    expect(addStaffServerProblem(409, STAFF_MESSAGES.emailTaken)).toEqual({
      field: 'email',
      message: STAFF_MESSAGES.emailTaken,
    });
  });

  it('follows the field the answer’s errors name', () => {
    expect(addStaffServerProblem(400, 'Too long', { name: 'Too long' })).toEqual({
      field: 'name',
      message: 'Too long',
    });
    expect(addStaffServerProblem(400, 'Bad', [{ path: ['role'], message: 'Bad' }]).field).toBe('role');
    expect(addStaffServerProblem(400, 'Bad', [{ field: 'email', message: 'Bad' }]).field).toBe('email');
  });

  it('knows a field by its message when the answer names none', () => {
    expect(addStaffServerProblem(400, STAFF_MESSAGES.roleRequired).field).toBe('role');
    expect(addStaffServerProblem(400, 'Enter a valid email address').field).toBe('email');
    expect(addStaffServerProblem(400, 'Name must be at most 100 characters').field).toBe('name');
    expect(addStaffServerProblem(400, 'The request is not valid').field).toBeNull();
  });

  it('keeps anything but a refusal of what was typed above the buttons', () => {
    expect(addStaffServerProblem(403, 'Your role (Manager) may not manage staff.').field).toBeNull();
    expect(addStaffServerProblem(null, 'Could not reach the server.').field).toBeNull();
  });
});
