import { addStaffRequestSchema, STAFF_MESSAGES, type AddStaffRequest, type StaffRole } from '@store/core';

/** The Add person form's fields, each with its message under it. */
const ADD_STAFF_FIELDS = ['name', 'email', 'role'] as const;
export type AddStaffField = (typeof ADD_STAFF_FIELDS)[number];

export interface AddStaffForm {
  name: string;
  email: string;
  /** '' until a role is chosen. */
  role: StaffRole | '';
}

export interface FieldProblem {
  /** The field the message is about; null for the form as a whole. */
  field: AddStaffField | null;
  message: string;
}

function isField(value: unknown): value is AddStaffField {
  return typeof value === 'string' && (ADD_STAFF_FIELDS as readonly string[]).includes(value);
}

/** The form checked as the server checks it (the same schema): the request, or its first problem. */
export function checkAddStaffForm(form: AddStaffForm): { request: AddStaffRequest } | FieldProblem {
  const parsed = addStaffRequestSchema.safeParse(form);
  if (parsed.success) return { request: parsed.data };
  const issue = parsed.error.issues[0];
  const field = issue?.path[0];
  return { field: isField(field) ? field : null, message: issue?.message ?? 'Please check the form' };
}

/** A field the server's `errors` names: `{ email: '…' }`, `{ email: ['…'] }` or `[{ path: ['email'], message }]`. */
function fieldOfErrors(errors: unknown): AddStaffField | null {
  if (Array.isArray(errors)) {
    for (const entry of errors as unknown[]) {
      if (typeof entry !== 'object' || entry === null) continue;
      const { path, field } = entry as { path?: unknown; field?: unknown };
      const named = Array.isArray(path) ? (path as unknown[])[0] : (field ?? path);
      if (isField(named)) return named;
    }
    return null;
  }
  if (typeof errors === 'object' && errors !== null) {
    return ADD_STAFF_FIELDS.find((name) => name in errors) ?? null;
  }
  return null;
}

/** The messages each field's own check gives (the schema's words), for an answer that names no field. */
const FIELD_MESSAGES: Record<AddStaffField, readonly string[]> = {
  name: [STAFF_MESSAGES.nameRequired],
  email: [STAFF_MESSAGES.emailRequired, STAFF_MESSAGES.emailTaken],
  role: [STAFF_MESSAGES.roleRequired],
};

/**
 * Where the server's refusal of a new person goes. A refusal of what was typed (400, or 409 for a taken
 * email) goes under the field its `errors` names, or whose message it is (a name too long under Name);
 * anything else (a role without the right, no answer) above the form's buttons.
 */
export function addStaffServerProblem(
  status: number | null,
  message: string,
  errors?: unknown,
): FieldProblem {
  if (status !== 400 && status !== 409) return { field: null, message };
  const named = fieldOfErrors(errors);
  if (named) return { field: named, message };
  const known = ADD_STAFF_FIELDS.find((field) => FIELD_MESSAGES[field].includes(message));
  if (known) return { field: known, message };
  if (/\bemail\b/i.test(message)) return { field: 'email', message };
  if (/\bname\b/i.test(message)) return { field: 'name', message };
  if (/\brole\b/i.test(message)) return { field: 'role', message };
  return { field: null, message };
}
