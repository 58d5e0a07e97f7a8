import { useEffect, useRef } from 'react';
import { isScopeReachable, scopeStack } from './focus-scope';
import { hasCommandModifier, isMacPlatform, type KeyBinding, matchesStroke, parseBinding } from './key-binding';
import { executeCommand, isCommandAvailable, useCommandContext, useCommands } from './registry';
import type { Command, CommandContext, CommandScope } from './types';

// The hotkey engine: one document keydown listener for every registered command, rather than one
// react-hotkeys-hook hook per binding. The command list changes as screens mount, and a hook per binding cannot follow
// a list of varying length; the engine also has to decide, per key press and in one place, which scope is reachable
// on the focus-scope stack, which of several commands bound to one key wins, and whether a pending 'g' starts a
// sequence. The listener reads the latest commands and context from refs, so it is installed once.

/** How long the second key of a sequence ('g' then 'a') may follow the first. */
export const SEQUENCE_TIMEOUT_MS = 1000;

const NON_TYPING_INPUTS = new Set([
  'checkbox',
  'radio',
  'button',
  'submit',
  'reset',
  'range',
  'color',
  'file',
  'image',
]);

/** Whether the key press lands in a place where the user types text; single-key shortcuts stay quiet there. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag === 'INPUT') return !NON_TYPING_INPUTS.has((target as HTMLInputElement).type);
  // jsdom does not implement isContentEditable; read the attribute chain as browsers do.
  const editable = target.closest('[contenteditable]');
  return editable !== null && editable.getAttribute('contenteditable') !== 'false';
}

interface BoundCommand {
  command: Command;
  binding: KeyBinding;
  /** Registration order; a later command wins a tie. */
  order: number;
}

/** Higher is nearer the top of the stack; a key goes to the command whose scope is top-most. */
function scopePriority(scope: CommandScope, stack: readonly string[]): number {
  if (scope === 'global') return -1;
  return stack.lastIndexOf(scope);
}

function pickWinner(candidates: BoundCommand[]): BoundCommand | undefined {
  if (candidates.length <= 1) return candidates[0];
  const stack = scopeStack();
  return candidates.reduce((best, candidate) => {
    const difference = scopePriority(candidate.command.scope, stack) - scopePriority(best.command.scope, stack);
    if (difference !== 0) return difference > 0 ? candidate : best;
    return candidate.order > best.order ? candidate : best;
  });
}

function bindingsOf(commands: readonly Command[]): BoundCommand[] {
  const bound: BoundCommand[] = [];
  commands.forEach((command, order) => {
    for (const keys of command.keys ?? []) bound.push({ command, binding: parseBinding(keys), order });
  });
  return bound;
}

/** Binds every registered command's keys. Mounted once by <CommandLayer />. */
export function HotkeyEngine() {
  const commands = useCommands();
  const ctx = useCommandContext('hotkey');
  const bindingsRef = useRef<BoundCommand[]>([]);
  const ctxRef = useRef<CommandContext>(ctx);
  ctxRef.current = ctx;

  useEffect(() => {
    bindingsRef.current = bindingsOf(commands);
  }, [commands]);

  useEffect(() => {
    const mac = isMacPlatform();
    let pending: { event: KeyboardEvent; at: number } | undefined;

    const usable = (bound: BoundCommand, typing: boolean): boolean => {
      const first = bound.binding[0];
      if (typing && (bound.binding.length === 2 || !hasCommandModifier(first))) return false;
      return isScopeReachable(bound.command.scope) && isCommandAvailable(bound.command, ctxRef.current);
    };

    const fire = (event: KeyboardEvent, bound: BoundCommand) => {
      event.preventDefault();
      event.stopPropagation();
      void executeCommand(bound.command, ctxRef.current, 'hotkey');
    };

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing || event.key === 'Escape') return;
      if (['Shift', 'Control', 'Alt', 'Meta'].includes(event.key)) return;
      const typing = isTypingTarget(event.target);
      const bindings = bindingsRef.current;

      const previous = pending;
      pending = undefined;
      if (previous && !typing && Date.now() - previous.at <= SEQUENCE_TIMEOUT_MS) {
        const second = bindings.filter(
          (bound) =>
            bound.binding.length === 2 &&
            matchesStroke(bound.binding[0], previous.event, mac) &&
            matchesStroke(bound.binding[1]!, event, mac) &&
            usable(bound, typing),
        );
        const winner = pickWinner(second);
        if (winner) {
          fire(event, winner);
          return;
        }
      }

      if (!event.repeat && !typing) {
        const starts = bindings.some(
          (bound) => bound.binding.length === 2 && matchesStroke(bound.binding[0], event, mac) && usable(bound, typing),
        );
        if (starts) {
          // A key that starts a sequence waits for the next key instead of firing a single-key binding.
          pending = { event, at: Date.now() };
          event.preventDefault();
          return;
        }
      }

      const single = bindings.filter(
        (bound) => bound.binding.length === 1 && matchesStroke(bound.binding[0], event, mac) && usable(bound, typing),
      );
      const winner = pickWinner(single);
      if (winner) fire(event, winner);
    };

    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  return null;
}
