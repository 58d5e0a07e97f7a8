import { useCurrentScope } from '@console/app/current-scope';
import { useSession } from '@console/session/session-provider';
import type { QueryKeyRegistry } from '@domain/search-query';
import {
  createContext,
  type DependencyList,
  type ReactNode,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { useLocation } from 'wouter';
import { shortcutLabel } from './shortcut-label';
import type { Command, CommandContext, CommandSource, CommandTarget, PaletteSource } from './types';

// The one command registry (design.md, convention 3). Areas register their commands while mounted; the palette, the
// hotkey engine, the shortcuts sheet and buttons all read the same list and run a command through executeCommand.
// Registration is explicit (a hook in the component that owns the behaviour), never an import side effect, so a
// command exists exactly while the screen that can perform it is on screen.

interface Registration<T> {
  id: number;
  entries: readonly T[];
}

export interface CommandRegistryStore {
  registerCommands(commands: readonly Command[]): () => void;
  registerSources(sources: readonly PaletteSource[]): () => void;
  /** Commands by id; when two registrations use one id, the later one wins (the inner table over the outer). */
  getCommands(): readonly Command[];
  getSources(): readonly PaletteSource[];
  /**
   * The query keys of the list on screen (what its search box takes), for the shortcuts sheet. A table registers them
   * while mounted; with two, the later one wins, as for commands.
   */
  registerQueryKeys(registry: QueryKeyRegistry): () => void;
  getQueryKeys(): QueryKeyRegistry | null;
  subscribe(listener: () => void): () => void;
}

function latestById<T extends { id: string }>(registrations: readonly Registration<T>[]): T[] {
  const byId = new Map<string, T>();
  for (const registration of registrations) {
    for (const entry of registration.entries) {
      byId.delete(entry.id);
      byId.set(entry.id, entry);
    }
  }
  return [...byId.values()];
}

export function createCommandRegistryStore(): CommandRegistryStore {
  let nextId = 1;
  let commandRegistrations: Registration<Command>[] = [];
  let sourceRegistrations: Registration<PaletteSource>[] = [];
  let commands: readonly Command[] = [];
  let sources: readonly PaletteSource[] = [];
  let queryKeyRegistrations: QueryKeyRegistry[] = [];
  const listeners = new Set<() => void>();

  const notify = () => {
    for (const listener of listeners) listener();
  };

  return {
    registerCommands(entries) {
      const registration = { id: nextId++, entries };
      commandRegistrations = [...commandRegistrations, registration];
      commands = latestById(commandRegistrations);
      notify();
      return () => {
        commandRegistrations = commandRegistrations.filter((item) => item !== registration);
        commands = latestById(commandRegistrations);
        notify();
      };
    },
    registerSources(entries) {
      const registration = { id: nextId++, entries };
      sourceRegistrations = [...sourceRegistrations, registration];
      sources = latestById(sourceRegistrations);
      notify();
      return () => {
        sourceRegistrations = sourceRegistrations.filter((item) => item !== registration);
        sources = latestById(sourceRegistrations);
        notify();
      };
    },
    registerQueryKeys(registry) {
      queryKeyRegistrations = [...queryKeyRegistrations, registry];
      notify();
      return () => {
        queryKeyRegistrations = queryKeyRegistrations.filter((item) => item !== registry);
        notify();
      };
    },
    getCommands: () => commands,
    getSources: () => sources,
    getQueryKeys: () => queryKeyRegistrations.at(-1) ?? null,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

const RegistryContext = createContext<CommandRegistryStore | null>(null);

/** Mount once above the signed-in shell (the app providers), so every area and the command layer share it. */
export function CommandRegistryProvider({ children, store }: { children: ReactNode; store?: CommandRegistryStore }) {
  const [value] = useState(() => store ?? createCommandRegistryStore());
  return <RegistryContext.Provider value={value}>{children}</RegistryContext.Provider>;
}

export function useCommandRegistry(): CommandRegistryStore {
  const store = useContext(RegistryContext);
  if (!store) throw new Error('useCommandRegistry must be used inside <CommandRegistryProvider>');
  return store;
}

/**
 * Registers commands while the calling component is mounted. `deps` works as for useMemo: pass what the commands'
 * titles, `when` and `run` close over, so they are replaced when it changes.
 */
export function useRegisterCommands(commands: readonly Command[], deps: DependencyList): void {
  const store = useCommandRegistry();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller states what the commands depend on.
  const stable = useMemo(() => commands, deps);
  useEffect(() => store.registerCommands(stable), [store, stable]);
}

/** Registers palette sources while mounted; the same contract as useRegisterCommands. */
export function useRegisterPaletteSources(sources: readonly PaletteSource[], deps: DependencyList): void {
  const store = useCommandRegistry();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller states what the sources depend on.
  const stable = useMemo(() => sources, deps);
  useEffect(() => store.registerSources(stable), [store, stable]);
}

/** Registers the query keys of the list a component shows, while it is mounted; keep the registry stable. */
export function useRegisterQueryKeys(registry: QueryKeyRegistry | undefined): void {
  const store = useCommandRegistry();
  useEffect(() => (registry ? store.registerQueryKeys(registry) : undefined), [store, registry]);
}

/** The query keys of the list on screen, or null where no list takes a query. */
export function useScreenQueryKeys(): QueryKeyRegistry | null {
  const store = useCommandRegistry();
  return useSyncExternalStore(store.subscribe, store.getQueryKeys, store.getQueryKeys);
}

/** Every registered command, available now or not (filter with isCommandAvailable). */
export function useCommands(): readonly Command[] {
  const store = useCommandRegistry();
  return useSyncExternalStore(store.subscribe, store.getCommands, store.getCommands);
}

export function usePaletteSources(): readonly PaletteSource[] {
  const store = useCommandRegistry();
  return useSyncExternalStore(store.subscribe, store.getSources, store.getSources);
}

/**
 * What commands see: grants and the staff flag from the session, the account and merchant of the current path, and
 * navigation. `source` is where the caller will start commands from; executeCommand sets it again on each run.
 */
export function useCommandContext(source: CommandSource = 'button'): CommandContext {
  const session = useSession();
  const scope = useCurrentScope();
  const [, navigate] = useLocation();
  const { grants, isProviderStaff } = session;
  const { accountId, merchantId } = scope;
  return useMemo(
    () => ({
      grants,
      isProviderStaff,
      accountId,
      merchantId,
      navigate: (path: string) => navigate(path),
      source,
    }),
    [grants, isProviderStaff, accountId, merchantId, navigate, source],
  );
}

export function isCommandAvailable(command: Command, ctx: CommandContext): boolean {
  try {
    return command.when ? command.when(ctx) : true;
  } catch (error) {
    // A broken `when` hides its command instead of taking the palette or the hotkeys down with it.
    console.error(`Command ${command.id}: when() failed`, error);
    return false;
  }
}

export interface CommandExecution {
  command: Command;
  source: CommandSource;
}

const executionListeners = new Set<(execution: CommandExecution) => void>();
const errorListeners = new Set<(error: unknown, execution: CommandExecution) => void>();

/** Analytics and tests: called after every command started through executeCommand. */
export function onCommandExecuted(listener: (execution: CommandExecution) => void): () => void {
  executionListeners.add(listener);
  return () => {
    executionListeners.delete(listener);
  };
}

/** The shell can show a toast when a command fails; without a listener the failure is logged. */
export function onCommandFailed(listener: (error: unknown, execution: CommandExecution) => void): () => void {
  errorListeners.add(listener);
  return () => {
    errorListeners.delete(listener);
  };
}

function reportFailure(error: unknown, execution: CommandExecution): void {
  if (errorListeners.size === 0) console.error(`Command ${execution.command.id} failed`, error);
  for (const listener of errorListeners) listener(error, execution);
}

/**
 * The one way a command runs, whatever started it (palette, hotkey, button, menu). Checks `when` again, because the
 * state may have changed since the command was listed; resolves to whether the command ran. A command that needs a
 * target runs only with a target of its kind (the palette's picker step finds it).
 */
export async function executeCommand(
  command: Command,
  ctx: CommandContext,
  source: CommandSource,
  target?: CommandTarget,
): Promise<boolean> {
  const context: CommandContext = ctx.source === source ? ctx : { ...ctx, source };
  if (command.target !== undefined && target?.kind !== command.target) return false;
  if (!isCommandAvailable(command, context)) return false;
  const execution = { command, source };
  for (const listener of executionListeners) listener(execution);
  try {
    await (target ? command.run(context, target) : command.run(context));
    return true;
  } catch (error) {
    reportFailure(error, execution);
    return false;
  }
}

export interface CommandButton {
  command: Command;
  title: string;
  /** '⌘K', 'G then A'; empty when the command has no keys. */
  shortcut: string;
  /** The tooltip text: the title with the shortcut, 'Open command palette (Ctrl K)'. */
  tooltip: string;
  available: boolean;
  run: () => Promise<boolean>;
}

/**
 * For a button that performs a registered command: its title and shortcut for the tooltip, and a run function going
 * through executeCommand. Undefined while no such command is registered (hide or disable the button then).
 */
export function useCommandButton(id: string, source: CommandSource = 'button'): CommandButton | undefined {
  const commands = useCommands();
  const ctx = useCommandContext(source);
  const command = commands.find((candidate) => candidate.id === id);
  const ctxRef = useRef(ctx);
  ctxRef.current = ctx;
  return useMemo(() => {
    if (!command) return undefined;
    const shortcut = shortcutLabel(command.keys);
    return {
      command,
      title: command.title,
      shortcut,
      tooltip: shortcut ? `${command.title} (${shortcut})` : command.title,
      available: isCommandAvailable(command, ctx),
      run: () => executeCommand(command, ctxRef.current, source),
    };
  }, [command, ctx, source]);
}
