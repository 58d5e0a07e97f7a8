import { useEffect, useRef } from 'react';
import { isScopeReachable, scopeStack } from './focus-scope';
import { hasCommandModifier, isMacPlatform, type KeyBinding, matchesStroke, parseBinding } from './key-binding';
import { attachKeyHandler, type KeyOutcome, type KeyPress, retryWaitingKeys } from './key-queue';
import { executeCommand, isCommandAvailable, useCommandContext, useCommandRegistry } from './registry';
import type { Command, CommandContext, CommandScope } from './types';

// The hotkey engine: one handler for every registered command, rather than one react-hotkeys-hook hook per binding.
// The command list changes as screens mount, and a hook per binding cannot follow a list of varying length; the
// engine also has to decide, per key press and in one place, which scope is reachable on the focus-scope stack, which
// of several commands bound to one key wins, and whether a pending 'g' starts a sequence. It reads the commands from
// the registry and the context from a ref when a key arrives, so it is attached once and never sees a stale list.
// The document listener itself is the key queue's (key-queue.ts), so keys typed before a screen is ready wait.

export { isTypingTarget } from './key-queue';

/** How long the second key of a sequence ('g' then 'a') may follow the first. */
export const SEQUENCE_TIMEOUT_MS = 1000;

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

/**
 * Binds every registered command's keys while mounted. <CommandLayer /> calls it after registering the shell's
 * commands, so keys that waited for the console are replayed with those commands in place.
 */
export function useHotkeyEngine(): void {
  const store = useCommandRegistry();
  const ctx = useCommandContext('hotkey');
  const ctxRef = useRef<CommandContext>(ctx);
  ctxRef.current = ctx;

  useEffect(() => {
    const mac = isMacPlatform();
    let pending: KeyPress | undefined;
    let bound: { commands: readonly Command[]; bindings: BoundCommand[] } = { commands: [], bindings: [] };
    const bindingsNow = () => {
      const commands = store.getCommands();
      if (bound.commands !== commands) bound = { commands, bindings: bindingsOf(commands) };
      return bound.bindings;
    };

    const usable = (candidate: BoundCommand, typing: boolean): boolean => {
      const first = candidate.binding[0];
      if (typing && (candidate.binding.length === 2 || !hasCommandModifier(first))) return false;
      return isScopeReachable(candidate.command.scope) && isCommandAvailable(candidate.command, ctxRef.current);
    };

    const fire = (candidate: BoundCommand): KeyOutcome => {
      void executeCommand(candidate.command, ctxRef.current, 'hotkey');
      return 'fired';
    };

    const press = (key: KeyPress): KeyOutcome => {
      const { typing } = key;
      const bindings = bindingsNow();

      const previous = pending;
      pending = undefined;
      if (previous && !typing && key.at - previous.at <= SEQUENCE_TIMEOUT_MS) {
        const second = bindings.filter(
          (candidate) =>
            candidate.binding.length === 2 &&
            matchesStroke(candidate.binding[0], previous, mac) &&
            matchesStroke(candidate.binding[1]!, key, mac) &&
            usable(candidate, typing),
        );
        const winner = pickWinner(second);
        if (winner) return fire(winner);
      }

      if (!key.repeat && !typing) {
        const starts = bindings.some(
          (candidate) =>
            candidate.binding.length === 2 &&
            matchesStroke(candidate.binding[0], key, mac) &&
            usable(candidate, typing),
        );
        if (starts) {
          // A key that starts a sequence waits for the next key instead of firing a single-key binding.
          pending = key;
          return 'pending';
        }
      }

      const single = bindings.filter(
        (candidate) =>
          candidate.binding.length === 1 && matchesStroke(candidate.binding[0], key, mac) && usable(candidate, typing),
      );
      const winner = pickWinner(single);
      return winner ? fire(winner) : 'unmatched';
    };

    const command = (commandId: string): boolean => {
      const found = store.getCommands().find((candidate) => candidate.id === commandId);
      if (!found || !isScopeReachable(found.scope) || !isCommandAvailable(found, ctxRef.current)) return false;
      void executeCommand(found, ctxRef.current, 'palette');
      return true;
    };

    const detach = attachKeyHandler({ press, command });
    // A command registered while keys wait (the account's g-keys, a record's actions) may be what they wait for.
    const unsubscribe = store.subscribe(retryWaitingKeys);
    return () => {
      unsubscribe();
      detach();
    };
  }, [store]);
}

/** The hotkey engine as a component, for a layer that registers no commands of its own (tests, embedded tables). */
export function HotkeyEngine() {
  useHotkeyEngine();
  return null;
}
