import { RuntimeConfigProvider } from '@console/app/runtime-config';
import { HelpCentreModal, type HelpSection } from '@console/shell/help-centre';
import { Button } from '@console/ui/button';
import { useConfirm } from '@console/ui/confirm';
import { Modal } from '@console/ui/modal';
import { UiProvider } from '@console/ui/provider';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { TEST_CONFIG } from './app-harness';

function NestedModals() {
  const [outer, setOuter] = useState(false);
  const [inner, setInner] = useState(false);
  return (
    <>
      <Button onClick={() => setOuter(true)}>Open outer</Button>
      <Modal open={outer} onClose={() => setOuter(false)} title="Outer">
        <Button onClick={() => setInner(true)}>Open inner</Button>
      </Modal>
      <Modal open={inner} onClose={() => setInner(false)} title="Inner">
        <p>Inner content</p>
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('is a labelled modal dialog; Escape closes only the top one; focus returns to the trigger', async () => {
    const user = userEvent.setup();
    render(<NestedModals />);
    await user.click(screen.getByRole('button', { name: 'Open outer' }));
    const outer = screen.getByRole('dialog', { name: 'Outer' });
    expect(outer).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('button', { name: 'Open inner' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Open inner' }));
    expect(screen.getByRole('dialog', { name: 'Inner' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Inner' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Outer' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open inner' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open outer' })).toHaveFocus();
  });

  it('lets the keyboard reach a body that scrolls with nothing focusable in it, and only then', async () => {
    // jsdom has no layout: the body is told to be taller than its box, as a long read-only text is.
    onTestFinished(() => {
      vi.restoreAllMocks();
    });
    vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return this.classList.contains('modal__body') ? 900 : 0;
    });
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return this.classList.contains('modal__body') ? 300 : 0;
    });
    const user = userEvent.setup();
    const { rerender } = render(
      <Modal open onClose={() => {}} title="Long read">
        <p>Many lines</p>
      </Modal>,
    );
    const body = await screen.findByRole('region', { name: 'Long read' });
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab();
    expect(body).toHaveFocus();

    // With a control of its own inside, the body is no stop of its own.
    rerender(
      <Modal open={false} onClose={() => {}} title="Long read">
        <p>Many lines</p>
      </Modal>,
    );
    rerender(
      <Modal open onClose={() => {}} title="Long read">
        <Button>Inside</Button>
      </Modal>,
    );
    expect(await screen.findByRole('button', { name: 'Inside' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Long read' })).not.toBeInTheDocument();
  });

  it('keeps Tab inside the dialog', async () => {
    const user = userEvent.setup();
    render(
      <>
        <Button>Outside</Button>
        <Modal open onClose={() => {}} title="Trap" footer={<Button>Last</Button>}>
          <Button>First</Button>
        </Modal>
      </>,
    );
    expect(screen.getByRole('button', { name: 'First' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Last' })).toHaveFocus();
    await user.tab();
    // Wraps to the header's close button, never to the page behind.
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Last' })).toHaveFocus();
  });
});

function HelpHarness() {
  const [section, setSection] = useState<HelpSection | null>('Getting started');
  return (
    <RuntimeConfigProvider config={TEST_CONFIG}>
      <HelpCentreModal section={section} onSectionChange={setSection} onClose={() => setSection(null)} />
    </RuntimeConfigProvider>
  );
}

describe('help-centre modal', () => {
  it('ignores Escape and clicks outside; only its close button closes it', async () => {
    const user = userEvent.setup();
    render(<HelpHarness />);
    const dialog = screen.getByRole('dialog', { name: 'Video learning center' });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Getting started',
      'Routes',
      'MIDs',
      'Simulator',
      'Disputes',
    ]);
    expect(screen.getByRole('link', { name: 'A tour of the console' })).toHaveAttribute(
      'href',
      'https://help.example/tour',
    );

    await user.keyboard('{Escape}');
    await user.click(screen.getByTestId('modal-overlay'));
    expect(dialog).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Disputes' }));
    expect(screen.getByRole('tabpanel')).toHaveTextContent('dispute manager');

    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

function ConfirmHarness() {
  const confirm = useConfirm();
  const [answer, setAnswer] = useState('none');
  return (
    <>
      <Button
        onClick={async () =>
          setAnswer(
            String(await confirm({ title: 'Discard changes?', confirmLabel: 'Discard changes', tone: 'danger' })),
          )
        }
      >
        Cancel editing
      </Button>
      <p>answer: {answer}</p>
    </>
  );
}

describe('confirm', () => {
  it('resolves true on confirm and false on Escape', async () => {
    const user = userEvent.setup();
    render(
      <UiProvider>
        <ConfirmHarness />
      </UiProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Cancel editing' }));
    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(screen.getByText('answer: true')).toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Cancel editing' }));
    expect(screen.getByRole('dialog', { name: 'Discard changes?' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByText('answer: false')).toBeInTheDocument());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
