import { useEffect } from 'react';

// Keys typed before the console is ready wait for it instead of vanishing (issue 11). Right after sign-in the
// signed-in shell is still loading, then the account (its features decide whether `g c` exists), then the screen and
// its first page: a `g c` or a `j` typed meanwhile would find no command and be dropped, about one time in sixteen.
//
// This module owns the one document keydown listener of the console's shortcuts. The hotkey engine attaches to it as
// the handler. A key waits in a queue when the engine is not there yet, or when it finds no command while something
// on screen still loads what the commands depend on (useHoldKeys: the account, a screen's code, a table's first page,
// a record). Waiting keys are replayed in the order typed once nothing holds them, but never later than KEY_WAIT_MS
// after they were typed: a load that hangs must not swallow the keyboard. Keys with their own browser meaning
// (Tab, Ctrl/Cmd/Alt combinations, Enter or Space on a button or link) and keys typed into a field never wait.
//
// A command can wait the same way (runCommandWhenReady): the palette's 'Refund a transaction…' opens the transaction
// and then runs the detail's own Refund command once that screen has loaded and registered it.

/** How long a typed key (or a requested command) may wait for the screen to be ready. */
export const KEY_WAIT_MS = 3000;

export interface KeyPress {
  key: string;
  code: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
  repeat: boolean;
  /** Typed into a text field, where single-key shortcuts stay quiet. */
  typing: boolean;
  /** When it was typed: a sequence ('g' then 'c') times out on typing time, not on when it is replayed. */
  at: number;
}

/** 'fired': a command ran; 'pending': the first key of a sequence; 'unmatched': no command took it. */
export type KeyOutcome = 'fired' | 'pending' | 'unmatched';

export interface KeyHandler {
  press: (press: KeyPress) => KeyOutcome;
  /** Runs a registered command by id if it is available now; false when it is not (yet). */
  command: (commandId: string) => boolean;
}

interface CommandRequest {
  commandId: string;
  resolve: (ran: boolean) => void;
}

interface Waiting {
  entry: KeyPress | CommandRequest;
  /** When it started waiting: a key replayed after a jump waits afresh for the screen the jump opened. */
  since: number;
}

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

const MODIFIER_KEYS = new Set(['Shift', 'Control', 'Alt', 'Meta', 'CapsLock', 'AltGraph']);
/** Keys that act on the focused control (a link, a button, a checkbox); they wait only when no control has focus. */
const CONTROL_KEYS = new Set([' ', 'Enter', 'ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Delete', 'Backspace']);
const CONTROL_SELECTOR =
  'a[href], button, input, select, textarea, summary, [contenteditable], [role="button"], [role="link"], ' +
  '[role="menuitem"], [role="option"], [role="tab"], [role="checkbox"], [role="switch"], [role="radio"]';

/**
 * The palette's Ctrl K / ⌘K: a combination, but the console's own one (the palette takes it whenever the console is
 * there), so it waits like a letter would: pressed right after sign-in, it opens the palette once the shell is up.
 */
function isPaletteKey(press: KeyPress): boolean {
  return press.key.toLowerCase() === 'k' && (press.ctrlKey || press.metaKey) && !press.altKey && !press.shiftKey;
}

/** Whether a key may wait for the console: only keys whose browser default nobody would miss. */
function canWait(press: KeyPress, target: EventTarget | null): boolean {
  if (press.typing) return false;
  if (isPaletteKey(press)) return true;
  if (press.ctrlKey || press.metaKey || press.altKey) return false;
  if (CONTROL_KEYS.has(press.key)) {
    return !(target instanceof Element) || target.closest(CONTROL_SELECTOR) === null;
  }
  // Printable characters only: Tab, Home, F5 and the like keep their browser meaning.
  return [...press.key].length === 1;
}

let handler: KeyHandler | undefined;
const holds = new Set<number>();
let nextHoldId = 1;
let queue: Waiting[] = [];
/** The live key that started a sequence: it waits again together with a second key that found nothing. */
let sequenceStart: KeyPress | undefined;
let listening = false;
let draining = false;
let drainScheduled = false;
let timer: ReturnType<typeof setTimeout> | undefined;

function pressOf(event: KeyboardEvent): KeyPress {
  return {
    key: event.key,
    code: event.code,
    ctrlKey: event.ctrlKey,
    metaKey: event.metaKey,
    altKey: event.altKey,
    shiftKey: event.shiftKey,
    repeat: event.repeat,
    typing: isTypingTarget(event.target),
    at: Date.now(),
  };
}

function isCommandRequest(entry: KeyPress | CommandRequest): entry is CommandRequest {
  return 'commandId' in entry;
}

function onKeyDown(event: KeyboardEvent): void {
  if (event.defaultPrevented || event.isComposing || event.key === 'Escape' || MODIFIER_KEYS.has(event.key)) return;
  const press = pressOf(event);
  const waitable = canWait(press, event.target);

  // Behind a waiting key every key waits, so keys act in the order they were typed.
  if (waitable && (queue.length > 0 || (!handler && holds.size > 0))) {
    wait(press);
    event.preventDefault();
    return;
  }
  if (!handler) return;

  const outcome = handler.press(press);
  if (outcome === 'fired') {
    sequenceStart = undefined;
    event.preventDefault();
    event.stopPropagation();
    return;
  }
  if (outcome === 'pending') {
    sequenceStart = press;
    event.preventDefault();
    return;
  }
  const start = sequenceStart;
  sequenceStart = undefined;
  if (waitable && holds.size > 0) {
    // Nothing took the key, but the screen is still loading what its commands need: try again once it is ready.
    if (start) wait(start);
    wait(press);
    event.preventDefault();
  }
}

function wait(entry: KeyPress | CommandRequest): void {
  queue.push({ entry, since: Date.now() });
  install();
  scheduleTimer();
}

function scheduleTimer(): void {
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
  const first = queue[0];
  if (!first) return;
  timer = setTimeout(
    () => {
      timer = undefined;
      drain();
    },
    Math.max(0, first.since + KEY_WAIT_MS - Date.now()),
  );
}

/**
 * Tries what waits again. Deferred to a microtask: a hold is released in the same effects pass that registers the
 * commands it waited for, and React runs every cleanup of that pass before any new registration.
 */
function scheduleDrain(delay?: number): void {
  if (delay !== undefined) {
    setTimeout(drain, delay);
    return;
  }
  if (drainScheduled) return;
  drainScheduled = true;
  queueMicrotask(() => {
    drainScheduled = false;
    drain();
  });
}

/** Whether the key at the head of the queue should go on waiting if it finds nothing. */
function stillWaiting(waiting: Waiting): boolean {
  return holds.size > 0 && Date.now() - waiting.since < KEY_WAIT_MS;
}

/**
 * Replays what waits, in order, once the engine is there. A key (or request) that finds its command runs at once; one
 * that finds nothing waits on while something still holds the keys (at most KEY_WAIT_MS), and the keys behind it
 * wait with it; once nothing holds them, a key that still finds nothing is dropped, as a key typed then would be.
 */
function drain(): void {
  if (!handler || draining || queue.length === 0) return;
  draining = true;
  /** A replayed first key of a sequence: it waits again together with a second key that finds nothing yet. */
  let start: Waiting | undefined;
  try {
    while (queue.length > 0) {
      const waiting = queue[0]!;
      const { entry } = waiting;
      if (isCommandRequest(entry)) {
        const ran = handler.command(entry.commandId);
        if (!ran && stillWaiting(waiting)) break;
        queue.shift();
        entry.resolve(ran);
        start = undefined;
        if (ran && queue.length > 0) {
          continueAfterCommand();
          break;
        }
        continue;
      }
      const outcome = handler.press(entry);
      if (outcome === 'pending') {
        queue.shift();
        start = waiting;
        continue;
      }
      if (outcome === 'unmatched' && stillWaiting(start ?? waiting)) {
        if (start) queue.unshift(start);
        start = undefined;
        break;
      }
      queue.shift();
      start = undefined;
      if (outcome === 'fired' && queue.length > 0) {
        continueAfterCommand();
        break;
      }
    }
    // The queue ended on the first key of a sequence: the engine waits for its second key, typed live.
    if (start) sequenceStart = start.entry as KeyPress;
  } finally {
    draining = false;
  }
  scheduleTimer();
  uninstallWhenIdle();
}

/**
 * The command may have opened another screen: what was typed after it waits for that screen afresh, from the next
 * task, when React has mounted it and its holds are in place.
 */
function continueAfterCommand(): void {
  const now = Date.now();
  queue = queue.map((waiting) => ({ ...waiting, since: now }));
  scheduleDrain(0);
}

function install(): void {
  if (listening || typeof document === 'undefined') return;
  // Bubble phase, like the focus-scope stack's Escape: a widget that handles a key itself prevents its default first.
  document.addEventListener('keydown', onKeyDown);
  listening = true;
}

function uninstallWhenIdle(): void {
  if (!listening || handler || holds.size > 0 || queue.length > 0) return;
  document.removeEventListener('keydown', onKeyDown);
  listening = false;
}

/** The hotkey engine takes the keys while it is mounted; keys that waited for it are replayed now. */
export function attachKeyHandler(next: KeyHandler): () => void {
  handler = next;
  install();
  scheduleDrain();
  return () => {
    if (handler !== next) return;
    handler = undefined;
    sequenceStart = undefined;
    // Nobody is left to run what waits (signed out): drop it rather than replay it on the next user's screen.
    for (const { entry } of queue) if (isCommandRequest(entry)) entry.resolve(false);
    queue = [];
    scheduleTimer();
    uninstallWhenIdle();
  };
}

/** Tries the waiting keys again: the engine calls it when the registered commands change. */
export function retryWaitingKeys(): void {
  if (queue.length > 0) scheduleDrain();
}

/** Keys that find no command wait until the returned release is called (see useHoldKeys). */
export function holdKeys(): () => void {
  const id = nextHoldId++;
  holds.add(id);
  install();
  return () => {
    if (!holds.delete(id)) return;
    scheduleDrain();
    uninstallWhenIdle();
  };
}

/**
 * While `active`, keys that find no command wait for this component instead of vanishing: pass whether what the
 * commands depend on is still loading (the account, a first page, a record). A passive effect, like the command
 * registrations, so the release and the registrations it waited for land in the same effects pass.
 */
export function useHoldKeys(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    return holdKeys();
  }, [active]);
}

/** Holds the keys while mounted: the fallback of a screen whose code is still loading. */
export function HoldKeys(): null {
  useHoldKeys(true);
  return null;
}

/**
 * Runs a registered command once it is available, after what holds the keys has loaded (a screen just navigated to):
 * resolves to whether it ran. It gives up when the screen is ready without it, after KEY_WAIT_MS, or at sign-out.
 * Keys typed after the request wait behind it.
 */
export function runCommandWhenReady(commandId: string): Promise<boolean> {
  return new Promise((resolve) => {
    wait({ commandId, resolve });
    // From the next task: the navigation that came with the request renders first and puts its holds in place.
    scheduleDrain(0);
  });
}
