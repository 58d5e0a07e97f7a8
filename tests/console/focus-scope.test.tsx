import { isScopeReachable, topScope, useFocusScope } from '@console/commands/focus-scope';
import { Modal } from '@console/ui/modal';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

function TableLayer({ onEscape }: { onEscape: () => void }) {
  useFocusScope('table', { onEscape });
  return <p>table</p>;
}

function Page({ onTableEscape, helpCentre = false }: { onTableEscape: () => void; helpCentre?: boolean }) {
  const [editOpen, setEditOpen] = useState(true);
  const [helpOpen, setHelpOpen] = useState(helpCentre);
  return (
    <>
      <TableLayer onEscape={onTableEscape} />
      <Modal open={editOpen} onClose={() => setEditOpen(false)} title="Edit merchant">
        <input aria-label="Name" />
      </Modal>
      <Modal
        open={helpOpen}
        onClose={() => setHelpOpen(false)}
        title="Help centre"
        closeOnEscape={false}
        closeOnOutsideClick={false}
      />
    </>
  );
}

function PageWithTable() {
  useFocusScope('page');
  return <TableLayer onEscape={() => undefined} />;
}

describe('focus-scope stack', () => {
  it('Escape closes only the top-most layer, one layer per press', async () => {
    const user = userEvent.setup();
    const onTableEscape = vi.fn();
    render(<Page onTableEscape={onTableEscape} />);
    expect(screen.getByRole('dialog', { name: 'Edit merchant' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Edit merchant' })).not.toBeInTheDocument();
    expect(onTableEscape).not.toHaveBeenCalled();

    await user.keyboard('{Escape}');
    expect(onTableEscape).toHaveBeenCalledTimes(1);
  });

  it('Escape typed inside a field of the dialog still closes the dialog only', async () => {
    const user = userEvent.setup();
    const onTableEscape = vi.fn();
    render(<Page onTableEscape={onTableEscape} />);
    await user.click(screen.getByRole('textbox', { name: 'Name' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Edit merchant' })).not.toBeInTheDocument();
    expect(onTableEscape).not.toHaveBeenCalled();
  });

  it('a top-most layer that ignores Escape (the help centre) lets nothing below close', async () => {
    const user = userEvent.setup();
    const onTableEscape = vi.fn();
    render(<Page onTableEscape={onTableEscape} helpCentre />);
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Help centre' })).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Edit merchant' })).toBeInTheDocument();
    expect(onTableEscape).not.toHaveBeenCalled();
  });

  it('dialogs block the scopes below them and the stack empties on unmount', () => {
    const view = render(<Page onTableEscape={() => undefined} />);
    expect(topScope()).toBe('dialog');
    expect(isScopeReachable('dialog')).toBe(true);
    expect(isScopeReachable('table')).toBe(false);
    expect(isScopeReachable('global')).toBe(true);
    view.unmount();
    expect(topScope()).toBeUndefined();
    expect(isScopeReachable('table')).toBe(false);
  });

  it('a table mounted inside its page still sits above the page', () => {
    render(<PageWithTable />);
    expect(topScope()).toBe('table');
    expect(isScopeReachable('page')).toBe(true);
    expect(isScopeReachable('table')).toBe(true);
  });
});
