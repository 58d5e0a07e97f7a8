import { ApiError } from '@console/api/errors';
import { EditorForm, FormActions, FormSection } from '@console/forms/form-layout';
import type { FormNoticeMessage } from '@console/forms/form-notice';
import { sameValues, trimmedValues } from '@console/forms/same-values';
import { errorForField, useFormFields } from '@console/forms/use-form-fields';
import { type EditorMode, renameFields, useSavingPattern } from '@console/forms/use-saving-pattern';
import { UiProvider } from '@console/ui/provider';
import { TextField } from '@console/ui/text-field';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

// The saving pattern of spec 1, section 4, and the field validation of section 5, through a small editor.

const schema = z.object({
  name: z.string().trim().min(1, 'Required field').max(5, 'Maximum 5 characters'),
  email: z
    .string()
    .trim()
    .min(1, 'Required field')
    .regex(/^[^@\s]+@[^@\s]+\.\w+$/, 'Enter a valid email address'),
});
type Values = z.infer<typeof schema>;

const BLANK: Values = { name: '', email: '' };
const SAVED: Values = { name: 'Ana', email: 'ana@example.com' };

function Editor({
  mode,
  original,
  save,
  leave,
  onSaveError,
}: {
  mode: EditorMode;
  original: Values;
  save: (data: unknown) => Promise<void>;
  leave: () => void;
  onSaveError?: (error: unknown) => FormNoticeMessage | boolean;
}) {
  const fields = useFormFields<Values>({ initial: original, schema, validateOnBlurOnly: ['email'] });
  const saving = useSavingPattern<Values>({ mode, original, fields, save, leave, onSaveError });
  return (
    <EditorForm label="Thing" onSubmit={(event) => void saving.submit(event)}>
      <FormSection title="Main information">
        <TextField label="Name" {...fields.bindText('name')} />
        <TextField label="E-mail" {...fields.bindText('email')} />
      </FormSection>
      <FormActions pattern={saving} />
      <output aria-label="changed">{String(saving.changed)}</output>
    </EditorForm>
  );
}

function renderEditor(mode: EditorMode, original: Values, save = vi.fn(async () => undefined)) {
  const leave = vi.fn();
  const user = userEvent.setup();
  const onSaveError = vi.fn(() => false);
  render(
    <UiProvider>
      <Editor mode={mode} original={original} save={save} leave={leave} onSaveError={onSaveError} />
    </UiProvider>,
  );
  return { user, save, leave, onSaveError };
}

const field = (name: string) => screen.getByRole('textbox', { name });

describe('field validation', () => {
  it('validates a field when it changes and when it is left, showing its first message', async () => {
    const { user } = renderEditor('new', BLANK);
    await user.click(field('Name'));
    await user.tab();
    expect(field('Name')).toHaveAccessibleDescription('Required field');
    await user.type(field('Name'), 'Ana');
    expect(field('Name')).not.toHaveAccessibleDescription();
    await user.type(field('Name'), 'bella');
    expect(field('Name')).toHaveAccessibleDescription('Maximum 5 characters');
    expect(field('Name')).toHaveAttribute('aria-invalid', 'true');
  });

  it('checks a blur-only field when it is left, not while typing', async () => {
    const { user } = renderEditor('new', BLANK);
    await user.type(field('E-mail'), 'ana');
    expect(field('E-mail')).not.toHaveAccessibleDescription();
    await user.tab();
    expect(field('E-mail')).toHaveAccessibleDescription('Enter a valid email address');
    // Typing on keeps the message until the field is left again.
    await user.type(field('E-mail'), '@example.com');
    expect(field('E-mail')).toHaveAccessibleDescription('Enter a valid email address');
    await user.tab();
    expect(field('E-mail')).not.toHaveAccessibleDescription();
  });

  it('checks a field left by a pointer press once the press is over', async () => {
    const { user } = renderEditor('new', BLANK);
    await user.click(field('Name'));
    await user.click(field('E-mail'));
    await waitFor(() => expect(field('Name')).toHaveAccessibleDescription('Required field'));
    expect(field('E-mail')).toHaveFocus();
  });

  it('saves from a pointer press on Save even while a field is being left', async () => {
    const { user, save } = renderEditor('new', BLANK);
    await user.type(field('Name'), 'Ana');
    await user.type(field('E-mail'), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('does not flag a field left for Cancel', async () => {
    const { user, leave } = renderEditor('new', BLANK);
    await user.click(field('Name'));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(field('Name')).not.toHaveAccessibleDescription();
    expect(leave).toHaveBeenCalledTimes(1);
  });

  it('collects nested paths under their field', () => {
    expect(errorForField({ 'accounts.0': 'Invalid identifier' }, 'accounts')).toBe('Invalid identifier');
    expect(errorForField({ accounts: 'Required field', 'accounts.0': 'x' }, 'accounts')).toBe('Required field');
    expect(errorForField({ accountsList: 'x' }, 'accounts')).toBeUndefined();
  });

  it("renames the server's field names to the form's", () => {
    expect(renameFields({ accountIds: 'a', 'accountIds.1': 'b', name: 'c' }, { accountIds: 'accounts' })).toEqual({
      accounts: 'a',
      'accounts.1': 'b',
      name: 'c',
    });
  });
});

describe('saving pattern', () => {
  it('a new record always saves, with the parsed (trimmed) data', async () => {
    const { user, save } = renderEditor('new', BLANK);
    await user.type(field('Name'), ' Ana ');
    await user.type(field('E-mail'), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(save).toHaveBeenCalledWith({ name: 'Ana', email: 'ana@example.com' }, expect.anything());
  });

  it("an unchanged edit says 'You haven't made any changes' and saves nothing", async () => {
    const { user, save } = renderEditor('edit', SAVED);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText("You haven't made any changes")).toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();
  });

  it('surrounding white space is not a change', async () => {
    const { user, save } = renderEditor('edit', SAVED);
    await user.type(field('Name'), ' ');
    expect(screen.getByRole('status', { name: 'changed' })).toHaveTextContent('false');
    await user.keyboard('{Enter}');
    expect(await screen.findByText("You haven't made any changes")).toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();
  });

  it("an invalid form says 'Form not validated', shows every message and saves nothing", async () => {
    const { user, save } = renderEditor('new', BLANK);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Form not validated')).toBeInTheDocument();
    expect(field('Name')).toHaveAccessibleDescription('Required field');
    expect(field('E-mail')).toHaveAccessibleDescription('Required field');
    expect(save).not.toHaveBeenCalled();
  });

  it('a changed edit saves', async () => {
    const { user, save } = renderEditor('edit', SAVED);
    await user.clear(field('Name'));
    await user.type(field('Name'), 'Bea');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(save).toHaveBeenCalledWith({ name: 'Bea', email: 'ana@example.com' }, expect.anything());
  });

  it('puts the fields of a refused save on their fields and shows its message', async () => {
    const save = vi.fn(async () => {
      throw new ApiError({ status: 400, key: 'form-not-validated', fields: { name: 'Taken', other: 'x' } });
    });
    const { user, onSaveError } = renderEditor('edit', SAVED, save);
    await user.type(field('Name'), 'a');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(field('Name')).toHaveAccessibleDescription('Taken'));
    expect(onSaveError).toHaveBeenCalled();
    expect(await screen.findByRole('alert')).toHaveTextContent('Form not validated');
  });

  it('cancelling without changes leaves at once', async () => {
    const { user, leave } = renderEditor('edit', SAVED);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(leave).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('cancelling an edit with changes asks; Continue editing stays, Discard changes leaves', async () => {
    const { user, leave } = renderEditor('edit', SAVED);
    await user.type(field('Name'), 'x');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Are you sure you want to cancel? Your changes will be lost.',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Continue editing' }));
    expect(leave).not.toHaveBeenCalled();
    expect(field('Name')).toHaveValue('Anax');

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(await screen.findByRole('button', { name: 'Discard changes' }));
    expect(leave).toHaveBeenCalledTimes(1);
  });

  it("cancelling a new record with changes offers 'Continue creating'", async () => {
    const { user } = renderEditor('new', BLANK);
    await user.type(field('Name'), 'A');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('button', { name: 'Continue creating' })).toBeInTheDocument();
  });
});

describe("a save's notice (issue 23: no toast over the form's actions)", () => {
  const notifications = () => screen.getByRole('region', { name: 'Notifications' });
  const form = () => screen.getByRole('form', { name: 'Thing' });
  const saveButton = () => screen.getByRole('button', { name: 'Save' });

  it('says a refused save in the form above its actions, not in a toast, and focuses the first field in error', async () => {
    const { user } = renderEditor('new', BLANK);
    await user.type(field('E-mail'), 'ana@example');
    await user.click(saveButton());
    const notice = await within(form()).findByRole('alert');
    expect(notice).toHaveTextContent('Form not validated');
    expect(notifications()).toBeEmptyDOMElement();
    // Read before the buttons it explains, which it pushes down instead of covering.
    const actions = saveButton().closest('[data-keep-clear]');
    expect(actions).not.toBeNull();
    expect(notice.compareDocumentPosition(actions!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(field('Name')).toHaveFocus();

    // Name fixed, the e-mail is now the first field in error.
    await user.type(field('Name'), 'Ana');
    await user.click(saveButton());
    expect(field('E-mail')).toHaveFocus();
    expect(field('E-mail')).toHaveAccessibleDescription('Enter a valid email address');
  });

  it('takes the notice away once no field shows a message, and saves on the next click', async () => {
    const { user, save } = renderEditor('new', BLANK);
    await user.type(field('Name'), 'Ana');
    await user.type(field('E-mail'), 'ana@example');
    await user.click(saveButton());
    expect(await within(form()).findByRole('alert')).toHaveTextContent('Form not validated');
    await user.type(field('E-mail'), '.com');
    await user.click(saveButton());
    expect(save).toHaveBeenCalledWith({ name: 'Ana', email: 'ana@example.com' }, expect.anything());
    expect(within(form()).queryByRole('alert')).not.toBeInTheDocument();
  });

  it("puts a server's field message on its field and the focus there", async () => {
    const save = vi.fn(async () => {
      throw new ApiError({ status: 400, key: 'form-not-validated', fields: { email: 'Already taken' } });
    });
    const { user } = renderEditor('edit', SAVED, save);
    await user.type(field('Name'), 'a');
    await user.click(saveButton());
    await waitFor(() => expect(field('E-mail')).toHaveFocus());
    expect(field('E-mail')).toHaveAccessibleDescription('Already taken');
    expect(within(form()).getByRole('alert')).toHaveTextContent('Form not validated');
    expect(notifications()).toBeEmptyDOMElement();
  });

  it('keeps the focus on Save when no field explains the refusal, and says why in the form', async () => {
    const save = vi.fn(async () => {
      throw new ApiError({ status: 409, key: 'merchant-changed' });
    });
    const { user } = renderEditor('edit', SAVED, save);
    await user.type(field('Name'), 'a');
    await user.click(saveButton());
    const notice = await within(form()).findByText('This merchant has changed');
    expect(notice.closest('[role="status"]')).toHaveTextContent('Another user saved it while you were editing.');
    expect(saveButton()).toHaveFocus();
    expect(notifications()).toBeEmptyDOMElement();
  });

  it("shows an editor's own reading of a failure in the notice", async () => {
    const save = vi.fn(async () => {
      throw new ApiError({ status: 409, key: 'user-not-created' });
    });
    const leave = vi.fn();
    const user = userEvent.setup();
    render(
      <UiProvider>
        <Editor
          mode="new"
          original={BLANK}
          save={save}
          leave={leave}
          onSaveError={() => ({ type: 'error', header: 'User not created', content: 'Try another e-mail.' })}
        />
      </UiProvider>,
    );
    await user.type(field('Name'), 'Ana');
    await user.type(field('E-mail'), 'ana@example.com');
    await user.click(saveButton());
    expect(await within(form()).findByRole('alert')).toHaveTextContent('User not createdTry another e-mail.');
    expect(notifications()).toBeEmptyDOMElement();
  });

  it("says 'You haven't made any changes' in the form until something changes", async () => {
    const { user } = renderEditor('edit', SAVED);
    await user.click(saveButton());
    const notice = await within(form()).findByText("You haven't made any changes");
    expect(notice.closest('[role="status"]')).not.toBeNull();
    expect(notifications()).toBeEmptyDOMElement();
    await user.type(field('Name'), 'x');
    expect(within(form()).queryByText("You haven't made any changes")).not.toBeInTheDocument();
  });
});

describe('comparing values', () => {
  it('compares plain data deeply', () => {
    expect(sameValues({ a: [1, { b: 'x' }] }, { a: [1, { b: 'x' }] })).toBe(true);
    expect(sameValues({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
    expect(sameValues({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(sameValues({ a: null }, { a: '' })).toBe(false);
    expect(sameValues(trimmedValues({ a: ' x ', b: [' y'] }), { a: 'x', b: ['y'] })).toBe(true);
  });
});
