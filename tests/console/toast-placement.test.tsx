import { Button } from '@console/ui/button';
import { type Box, clearBottomOffset, keepClear } from '@console/ui/keep-clear';
import { UiProvider } from '@console/ui/provider';
import { useToast } from '@console/ui/toast';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

// Toasts never cover a form's actions (issue 23): the stack sits at the bottom right and climbs above whatever is
// marked keep-clear in its way.

const VIEWPORT = { viewportWidth: 1440, viewportHeight: 900, margin: 16 };
const STACK = { width: 380, height: 60 };
/** A form's Cancel and Save at the bottom right, as on a long form scrolled to its end. */
const ACTIONS: Box = { left: 1000, right: 1200, top: 820, bottom: 860 };

describe('where the toasts sit', () => {
  it('stay at the bottom right when nothing there must stay visible', () => {
    expect(clearBottomOffset({ ...STACK, ...VIEWPORT, keepClear: [] })).toBe(16);
    // Beside the stack, not under it.
    expect(clearBottomOffset({ ...STACK, ...VIEWPORT, keepClear: [{ ...ACTIONS, left: 200, right: 400 }] })).toBe(16);
  });

  it("climb above a form's actions in their way", () => {
    const bottom = clearBottomOffset({ ...STACK, ...VIEWPORT, keepClear: [ACTIONS] });
    expect(bottom).toBe(900 - 820 + 16);
    // The stack's lower edge is above the actions' upper edge.
    expect(900 - bottom).toBeLessThanOrEqual(ACTIONS.top);
  });

  it('climb past each box they meet on the way up', () => {
    const header: Box = { left: 1100, right: 1420, top: 700, bottom: 780 };
    const bottom = clearBottomOffset({ ...STACK, ...VIEWPORT, keepClear: [ACTIONS, header] });
    expect(bottom).toBe(900 - 700 + 16);
  });

  it('keep their usual place when no clear place is left on screen', () => {
    const tall: Box = { left: 0, right: 1440, top: 40, bottom: 890 };
    expect(clearBottomOffset({ ...STACK, ...VIEWPORT, keepClear: [tall] })).toBe(16);
  });
});

function Page() {
  const toast = useToast();
  return (
    <>
      <Button onClick={() => toast.show({ type: 'error', header: 'Export failed' })}>Fail</Button>
      <div data-testid="actions" {...keepClear}>
        <Button>Save</Button>
      </div>
    </>
  );
}

/** jsdom lays nothing out: the boxes are what a 1440 × 900 window would measure. */
function layOut(actions: () => Box) {
  Object.defineProperty(document.documentElement, 'clientWidth', { configurable: true, value: 1440 });
  Object.defineProperty(document.documentElement, 'clientHeight', { configurable: true, value: 900 });
  const original = Element.prototype.getBoundingClientRect;
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const box = this.matches('[data-keep-clear]')
      ? actions()
      : this.matches('.toast-region')
        ? { left: 1044, right: 1424, top: 0, bottom: 60 }
        : null;
    if (!box) return original.call(this);
    const { left, right, top, bottom } = box;
    return { left, right, top, bottom, width: right - left, height: bottom - top, x: left, y: top } as DOMRect;
  });
}

describe('the toast region', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("moves above a form's actions, and again when they move", async () => {
    let actions = ACTIONS;
    layOut(() => actions);
    const user = userEvent.setup();
    render(
      <UiProvider>
        <Page />
      </UiProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Fail' }));
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(region).toHaveTextContent('Export failed');
    await waitFor(() => expect(region.style.bottom).toBe(`${900 - 820 + 16}px`));

    // The page scrolls: the actions go down out of the stack's way, and it goes back to its place.
    actions = { ...ACTIONS, top: 1000, bottom: 1040 };
    document.dispatchEvent(new Event('scroll'));
    await waitFor(() => expect(region.style.bottom).toBe('16px'));
  });
});
