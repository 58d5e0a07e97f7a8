import type { Grants } from '@domain/permissions';

// One command definition drives the palette entry, the hotkey, the shortcuts sheet and button tooltips
// (design.md, convention 3). Areas register their commands explicitly; nothing registers by import side effect.

/** Focus scopes stack page < table < dialog < palette; a key goes to the top-most scope that handles it. */
export type CommandScope = 'global' | 'page' | 'table' | 'dialog' | 'palette';

export type CommandGroup = 'Navigation' | 'Go to' | 'Accounts' | 'Merchants' | 'Table' | 'Actions' | 'Session' | 'Help';

/** What a command can see and do when it is checked or run. */
export interface CommandContext {
  grants: Grants;
  isProviderStaff: boolean;
  /** The account and merchant of the current path, when there is one. */
  accountId: string | undefined;
  merchantId: string | undefined;
  navigate: (path: string) => void;
  /** Where the command was started from; analytics and tests read it. */
  source: CommandSource;
}

export type CommandSource = 'palette' | 'hotkey' | 'button' | 'menu';

/** The kinds of record a command can ask for when it is not the one on screen ('Refund a transaction…'). */
export type TargetKind = 'transaction' | 'chargeback' | 'mid' | 'route' | 'subscription' | 'invoice';

/** The record a command was given: the palette's picker step finds it (by a pasted or typed id). */
export interface CommandTarget {
  kind: TargetKind;
  id: string;
  /** The account the record belongs to; its screens live under that account's path. */
  accountId: string;
  /** The merchant, for records whose screens live under the merchant's path (a MID, a route, a subscription). */
  merchantId?: string;
  /** The name the record was found by, for records found in a list rather than opened by id (an invoice's number). */
  name?: string;
}

export interface Command {
  id: string;
  title: string;
  group: CommandGroup;
  /**
   * Key bindings in react-hotkeys-hook notation: 'mod+k', 'shift+slash', 'j'. A two-key sequence is written
   * 'g>a' (press g, then a). The first binding is the one the shortcuts sheet and tooltips show.
   */
  keys?: readonly string[];
  scope: CommandScope;
  /** Extra words the palette matches on. */
  keywords?: readonly string[];
  /** Whether the command is available now; unavailable commands are neither listed nor bound. */
  when?: (ctx: CommandContext) => boolean;
  /**
   * The command acts on a record the user names first, wherever they are: the palette lists it with its title (end
   * it with '…') and, when chosen, runs a picker step of this kind before `run` receives the record. Such a command
   * has no keys and never runs without its target.
   */
  target?: TargetKind;
  run: (ctx: CommandContext, target?: CommandTarget) => void | Promise<void>;
  /** Hidden from the palette (e.g. row movement keys), still listed in the shortcuts sheet. */
  hiddenInPalette?: boolean;
}

/** One entry the palette shows; commands, screens, accounts, merchants and search hits all become items. */
export interface PaletteItem {
  /** Unique within the palette; also cmdk's value. */
  id: string;
  title: string;
  subtitle?: string;
  /** A second line, shown whole (wrapping): whose record it is, e.g. the account and merchant of a pasted id. */
  detail?: string;
  /** The heading the item is listed under. */
  group: string;
  keywords?: readonly string[];
  /** A binding to show next to the item ('g>a', 'mod+k'). */
  keys?: readonly string[];
  /** Breaks ties between equally good matches; higher is listed first. */
  priority?: number;
  onSelect: (ctx: CommandContext) => void | Promise<void>;
  /** In a picker step: the record this item names; choosing it runs the command that asked for it. */
  target?: CommandTarget;
  /**
   * Choosing it moves the palette to another page: the picker step of a command that needs a target (commandId is
   * that command), or the query page of a list (commandId is the list's query target, 'Search transactions…').
   */
  opens?: { page: PalettePage; commandId: string };
  /** Choosing it puts this text in the palette's input instead of running anything (a query's completion). */
  fills?: string;
}

/**
 * Which list the palette shows: the root list, a picker opened by a command such as 'Switch account', or the picker
 * step of a command that needs a target of that kind.
 */
export type PalettePage = 'root' | 'accounts' | 'merchants' | 'query' | 'views' | TargetKind;

/**
 * A provider of palette items, registered like commands (useRegisterPaletteSources). Later areas add lookups the same
 * way, e.g. a transaction id search.
 */
export interface PaletteSource {
  id: string;
  /** The page it feeds; 'root' when omitted. */
  page?: PalettePage;
  /** Items the palette filters and ranks itself as the user types; must be cheap and synchronous. */
  items?: (ctx: CommandContext) => readonly PaletteItem[];
  /**
   * Items found elsewhere (the API) for a typed query: called debounced, aborted when the query changes, shown as
   * returned (not re-filtered).
   */
  search?: (query: string, ctx: CommandContext, signal: AbortSignal) => Promise<readonly PaletteItem[]>;
  /**
   * The source takes part once the query has this many characters: default 0 for `items` (listed on an empty
   * query), 2 for `search`.
   */
  minQueryLength?: number;
  /** The source's `items` take part only while the query has at most this many characters (0: the empty query). */
  maxQueryLength?: number;
}
