import { isMacPlatform, type KeyStroke, parseBinding } from './key-binding';

// Human text for a binding, as the shortcuts sheet, the palette and button tooltips show it.

const KEY_TEXT: Record<string, string> = {
  '/': '/',
  ' ': 'Space',
  escape: 'Esc',
  enter: 'Enter',
  arrowup: '↑',
  arrowdown: '↓',
  arrowleft: '←',
  arrowright: '→',
  backspace: 'Backspace',
  delete: 'Delete',
  tab: 'Tab',
  pageup: 'Page Up',
  pagedown: 'Page Down',
  home: 'Home',
  end: 'End',
};

/** The character a shifted key produces on a US layout, so 'shift+slash' reads '?' as users think of it. */
const SHIFTED: Record<string, string> = { '/': '?', '.': '>', ',': '<', '1': '!', '2': '@', '=': '+', '-': '_' };

function keyText(key: string): string {
  if (KEY_TEXT[key]) return KEY_TEXT[key];
  if (/^f\d{1,2}$/.test(key)) return key.toUpperCase();
  return key.length === 1 ? key.toUpperCase() : key.charAt(0).toUpperCase() + key.slice(1);
}

function strokeParts(stroke: KeyStroke, mac: boolean): string[] {
  const parts: string[] = [];
  const ctrl = stroke.ctrl || (stroke.mod && !mac);
  const meta = stroke.meta || (stroke.mod && mac);
  let shift = stroke.shift;
  let key = stroke.key;
  if (shift && SHIFTED[key] && !ctrl && !meta && !stroke.alt) {
    key = SHIFTED[key]!;
    shift = false;
  }
  if (mac) {
    if (ctrl) parts.push('⌃');
    if (stroke.alt) parts.push('⌥');
    if (shift) parts.push('⇧');
    if (meta) parts.push('⌘');
  } else {
    if (ctrl) parts.push('Ctrl');
    if (meta) parts.push('Win');
    if (stroke.alt) parts.push('Alt');
    if (shift) parts.push('Shift');
  }
  parts.push(keyText(key));
  return parts;
}

/** The keys of one stroke, for rendering each in its own <kbd>: ['Ctrl', 'K'] or ['⌘', 'K']. */
export function shortcutKeys(binding: string, mac = isMacPlatform()): string[][] {
  return parseBinding(binding).map((stroke) => strokeParts(stroke, mac));
}

/**
 * '⌘K' on macOS / 'Ctrl K' elsewhere, 'G then A' for a sequence, '?' for shift+slash. Takes one binding or a command's
 * key list (the first binding is the one shown).
 */
export function shortcutLabel(keys: string | readonly string[] | undefined, mac = isMacPlatform()): string {
  const binding = typeof keys === 'string' ? keys : keys?.[0];
  if (!binding) return '';
  return shortcutKeys(binding, mac)
    .map((parts) => parts.join(mac ? '' : ' '))
    .join(' then ');
}
