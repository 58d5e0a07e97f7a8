import { Button, type ButtonVariant } from '@console/ui/button';
import { Tooltip } from '@console/ui/tooltip';
import type { ReactNode } from 'react';
import { useCommandButton } from './registry';

/**
 * A button that runs a registered command: it exists only while the command does (so the command's permission check
 * is the button's), its tooltip shows the command's title and first key, and a click goes through executeCommand like
 * the key and the palette.
 */
export function CommandButton({
  commandId,
  variant,
  children,
}: {
  commandId: string;
  variant?: ButtonVariant;
  /** The visible name; the command's title is the tooltip. */
  children: ReactNode;
}) {
  const command = useCommandButton(commandId);
  if (!command) return null;
  const button = (
    <Button variant={variant} disabled={!command.available} onClick={() => void command.run()}>
      {children}
    </Button>
  );
  const key = command.command.keys?.[0];
  return key ? (
    <Tooltip content={command.title} keys={key}>
      {button}
    </Tooltip>
  ) : (
    button
  );
}
