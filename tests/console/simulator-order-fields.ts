import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';

// The simulator's order in a state both hosts (the simulator screen and the wizard's step 3) must treat alike: two
// fields with a message each, so a test can change one and see the other keep its message.

export const BIN_MESSAGE = 'It must be a 6 digits code';
export const TAG_MESSAGE = 'Maximum 100 characters';

/** Types a 7-digit BIN and a 101-character custom tag, runs Simulate, and waits for both messages on their fields. */
export async function simulateWithTwoBadFields(user: UserEvent) {
  const bin = await screen.findByRole('textbox', { name: 'BIN code' });
  const tag = screen.getByLabelText('Custom tag');
  await user.type(bin, '4111111');
  await user.click(tag);
  await user.paste('T'.repeat(101));
  await user.click(screen.getByRole('button', { name: 'Simulate' }));
  await waitFor(() => expect(bin).toHaveAccessibleDescription(BIN_MESSAGE));
  expect(tag).toHaveAccessibleDescription(TAG_MESSAGE);
  return { bin, tag };
}
