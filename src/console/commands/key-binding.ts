// Key bindings in react-hotkeys-hook notation ('mod+k', 'shift+slash', 'j', 'g>a'), parsed once and matched against
// keyboard events. Letters and digits match by the character typed (so Dvorak users press the letter they see);
// punctuation also matches by physical key, because 'shift+slash' arrives as key '?' with code 'Slash'.

export interface KeyStroke {
  /** Normalised key name: 'k', '/', 'enter', 'arrowdown', '?'. */
  key: string;
  mod: boolean;
  ctrl: boolean;
  meta: boolean;
  alt: boolean;
  shift: boolean;
}

/** One binding: a single stroke, or a two-stroke sequence such as g then a. */
export type KeyBinding = readonly [KeyStroke] | readonly [KeyStroke, KeyStroke];

const KEY_ALIASES: Record<string, string> = {
  slash: '/',
  period: '.',
  comma: ',',
  semicolon: ';',
  quote: "'",
  backquote: '`',
  minus: '-',
  equal: '=',
  bracketleft: '[',
  bracketright: ']',
  backslash: '\\',
  space: ' ',
  spacebar: ' ',
  esc: 'escape',
  return: 'enter',
  up: 'arrowup',
  down: 'arrowdown',
  left: 'arrowleft',
  right: 'arrowright',
  del: 'delete',
  questionmark: '?',
};

const CODE_KEYS: Record<string, string> = {
  Slash: '/',
  Period: '.',
  Comma: ',',
  Semicolon: ';',
  Quote: "'",
  Backquote: '`',
  Minus: '-',
  Equal: '=',
  BracketLeft: '[',
  BracketRight: ']',
  Backslash: '\\',
  Space: ' ',
};

export function isMacPlatform(): boolean {
  if (typeof navigator === 'undefined') return false;
  const platform =
    (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData?.platform ??
    navigator.platform ??
    '';
  return /mac|iphone|ipad|ipod/i.test(platform);
}

function normaliseKey(name: string): string {
  const lower = name.toLowerCase();
  return KEY_ALIASES[lower] ?? lower;
}

export function parseStroke(text: string): KeyStroke {
  // A lone '+' would be split away; bindings write it as 'equal' or 'shift+equal' instead.
  const parts = text.split('+').map((part) => part.trim());
  const stroke: KeyStroke = { key: '', mod: false, ctrl: false, meta: false, alt: false, shift: false };
  for (const part of parts) {
    const lower = part.toLowerCase();
    if (lower === 'mod') stroke.mod = true;
    else if (lower === 'ctrl' || lower === 'control') stroke.ctrl = true;
    else if (lower === 'meta' || lower === 'cmd' || lower === 'command') stroke.meta = true;
    else if (lower === 'alt' || lower === 'option') stroke.alt = true;
    else if (lower === 'shift') stroke.shift = true;
    else stroke.key = normaliseKey(part);
  }
  return stroke;
}

export function parseBinding(text: string): KeyBinding {
  const steps = text.split('>').filter((step) => step !== '');
  if (steps.length === 2) return [parseStroke(steps[0]!), parseStroke(steps[1]!)];
  return [parseStroke(steps[0] ?? text)];
}

/** Whether a stroke needs a modifier other than shift: such strokes still fire while the user types in a field. */
export function hasCommandModifier(stroke: KeyStroke): boolean {
  return stroke.mod || stroke.ctrl || stroke.meta || stroke.alt;
}

interface KeyEventLike {
  key: string;
  code?: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}

function eventKeyNames(event: KeyEventLike): string[] {
  const names = [normaliseKey(event.key)];
  const code = event.code ?? '';
  if (code.startsWith('Key')) names.push(code.slice(3).toLowerCase());
  else if (code.startsWith('Digit')) names.push(code.slice(5));
  else if (CODE_KEYS[code]) names.push(CODE_KEYS[code]);
  return names;
}

/** Whether a keyboard event is this stroke. `mac` decides what 'mod' means (Cmd on macOS, Ctrl elsewhere). */
export function matchesStroke(stroke: KeyStroke, event: KeyEventLike, mac: boolean): boolean {
  const wantCtrl = stroke.ctrl || (stroke.mod && !mac);
  const wantMeta = stroke.meta || (stroke.mod && mac);
  if (event.ctrlKey !== wantCtrl || event.metaKey !== wantMeta || event.altKey !== stroke.alt) return false;
  const names = eventKeyNames(event);
  // A binding written as a shifted character ('?') already implies shift; it matches the character typed.
  if (stroke.key.length === 1 && !/[a-z0-9 ]/.test(stroke.key) && !stroke.shift) {
    return names[0] === stroke.key;
  }
  if (event.shiftKey !== stroke.shift) return false;
  return names.includes(stroke.key);
}
