import { NAME_MAX_LENGTH, type StaffSetupLinkResponse } from '@store/core';
import { useId, useState, type FormEvent } from 'react';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { CellTextField } from '../../../../components/ui/form-cell';
import { Modal } from '../../../../components/ui/modal';
import { Spinner } from '../../../../components/ui/spinner';
import { useFormProblem } from '../../../../components/ui/use-form-problem';
import { ApiError } from '../../../../lib/api-client';
import { useAddStaff } from '../../api/staff/add-staff';
import { failureText } from '../../utils/admin-errors';
import {
  addStaffServerProblem,
  checkAddStaffForm,
  type AddStaffField,
  type AddStaffForm,
} from '../../utils/staff/add-staff-form';
import { RoleField } from './role-field';
import { SetupLinkView } from './setup-link-view';
import dialog from '../dialog.module.css';
import styles from './staff-panel.module.css';

const TITLE = 'Add person';

/**
 * A new person for the console: their name, the email they sign in with, and their role. The store answers
 * with a one-time set-up link, shown here once (and emailed when mail is set up).
 */
export function AddStaffDialog({ onClose }: { onClose: () => void }) {
  const add = useAddStaff();
  const formId = useId();
  const errorId = useId();
  const [form, setForm] = useState<AddStaffForm>({ name: '', email: '', role: '' });
  const { error: problem, setError: setProblem, formRef } = useFormProblem();
  const [problemField, setProblemField] = useState<AddStaffField | null>(null);
  const [added, setAdded] = useState<StaffSetupLinkResponse | null>(null);
  const busy = add.isPending;

  const change = <Field extends AddStaffField>(field: Field, value: AddStaffForm[Field]) => {
    setForm((current) => ({ ...current, [field]: value }));
    if (problemField === field) setProblem(null);
  };
  const showProblem = (field: AddStaffField | null, message: string) => {
    setProblemField(field);
    setProblem(message);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const checked = checkAddStaffForm(form);
    if (!('request' in checked)) {
      showProblem(checked.field, checked.message);
      return;
    }
    setProblem(null);
    try {
      setAdded(await add.mutateAsync(checked.request));
    } catch (caught) {
      const message = failureText(caught, 'Failed to add the person');
      const status = caught instanceof ApiError ? caught.status : null;
      const placed = addStaffServerProblem(status, message);
      showProblem(placed.field, placed.message);
    }
  };

  if (added) {
    return (
      <Modal
        title={TITLE}
        subtitle={added.member.name}
        onClose={onClose}
        footer={<Button onClick={onClose}>Done</Button>}
      >
        <SetupLinkView title={`${added.member.name} is invited`} answer={added} />
      </Modal>
    );
  }

  const problemOf = (field: AddStaffField) => (problemField === field ? problem : null);
  return (
    <Modal
      title={TITLE}
      subtitle="They choose their password with a one-time link, then sign in with their email."
      onClose={onClose}
      dismissible={!busy}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={busy} aria-busy={busy}>
            {busy ? (
              <>
                <Spinner />
                Adding…
              </>
            ) : (
              'Add person'
            )}
          </Button>
        </>
      }
    >
      <form
        ref={formRef}
        id={formId}
        className={dialog.stack}
        onSubmit={(event) => void submit(event)}
        noValidate
      >
        <div className={styles.fields}>
          <CellTextField
            label="Name"
            autoComplete="off"
            maxLength={NAME_MAX_LENGTH}
            value={form.name}
            onChange={(event) => change('name', event.target.value)}
            problem={problemOf('name')}
            errorId={errorId}
            disabled={busy}
            aria-required="true"
          />
          <CellTextField
            label="Email"
            type="email"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={254}
            value={form.email}
            onChange={(event) => change('email', event.target.value)}
            problem={problemOf('email')}
            errorId={errorId}
            disabled={busy}
            aria-required="true"
            hint="They sign in with it."
          />
          <RoleField
            value={form.role}
            onChange={(role) => change('role', role)}
            problem={problemOf('role')}
            errorId={errorId}
            disabled={busy}
          />
        </div>
        {problem && problemField === null && <Alert id={errorId}>{problem}</Alert>}
      </form>
    </Modal>
  );
}
