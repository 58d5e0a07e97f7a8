import { attachKeyHandler, holdKeys, type KeyPress } from '@console/commands/key-queue';
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

// Keys pressed while the console loads wait for it (issue 11), the palette's Ctrl K included (issue 13: pressed right
// after sign-in, before the shell's code had loaded, it used to vanish); other combinations keep their browser meaning.

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function press(init: KeyboardEventInit): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init });
  document.body.dispatchEvent(event);
  return event;
}

describe('keys pressed while the console loads', () => {
  it('keeps Ctrl K and a letter, in order, and replays them once the hotkey engine is there', async () => {
    const release = holdKeys();
    const ctrlK = press({ key: 'k', ctrlKey: true });
    const g = press({ key: 'g' });
    expect(ctrlK.defaultPrevented).toBe(true);
    expect(g.defaultPrevented).toBe(true);
    const seen: KeyPress[] = [];
    const engine = {
      press: (key: KeyPress) => {
        seen.push(key);
        return 'fired' as const;
      },
      command: () => false,
    };
    cleanups.push(attachKeyHandler(engine));
    release();
    await waitFor(() => expect(seen.map((key) => `${key.ctrlKey ? 'ctrl+' : ''}${key.key}`)).toEqual(['ctrl+k', 'g']));
  });

  it('lets other combinations (Ctrl C, Alt K, Ctrl Shift K) through to the browser', () => {
    cleanups.push(holdKeys());
    for (const init of [
      { key: 'c', ctrlKey: true },
      { key: 'k', altKey: true },
      { key: 'K', ctrlKey: true, shiftKey: true },
    ]) {
      expect(press(init).defaultPrevented, JSON.stringify(init)).toBe(false);
    }
  });
});
