import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { CommandScope } from './types';

// The focus-scope stack (design.md, convention 4). Layers stack page < table < dialog < palette; within one kind the
// layer pushed last is on top. Ordering by kind first (not by mount order alone) matters because React runs child
// effects before parent effects: a table mounted together with its page would otherwise land below the page.
//
// Escape goes to the top-most layer only. A layer without onEscape swallows it (the help-centre modal must not close
// by Escape, and the dialog under it must not close either). Dialogs and the palette block every layer below them,
// so a table key pressed while a dialog is open does nothing.

export type LayerKind = Exclude<CommandScope, 'global'>;

const RANK: Record<LayerKind, number> = { page: 0, table: 1, dialog: 2, palette: 3 };

interface Layer {
  id: number;
  kind: LayerKind;
  /** Read at key time, so a re-render with a new callback never reorders the stack. */
  onEscape: { current: (() => void) | undefined };
}

let layers: Layer[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
let documentListenerInstalled = false;

function sortLayers(list: Layer[]): Layer[] {
  return [...list].sort((a, b) => RANK[a.kind] - RANK[b.kind] || a.id - b.id);
}

function notify(): void {
  for (const listener of listeners) listener();
}

function handleKeyDown(event: KeyboardEvent): void {
  if (event.key !== 'Escape' || event.defaultPrevented || event.isComposing) return;
  const top = layers.at(-1);
  if (!top) return;
  const onEscape = top.onEscape.current;
  // A dialog or the palette owns Escape even when it ignores it (the help centre). A page or table layer without a
  // handler leaves the key alone, so an input's own Escape (clearing a search box) still works.
  if (!onEscape && top.kind !== 'dialog' && top.kind !== 'palette') return;
  event.preventDefault();
  event.stopPropagation();
  onEscape?.();
}

function installDocumentListener(): void {
  if (documentListenerInstalled || typeof document === 'undefined') return;
  // Bubble phase, so a widget inside a layer (an open select menu) can consume Escape first with preventDefault.
  document.addEventListener('keydown', handleKeyDown);
  documentListenerInstalled = true;
}

function removeDocumentListener(): void {
  if (!documentListenerInstalled) return;
  document.removeEventListener('keydown', handleKeyDown);
  documentListenerInstalled = false;
}

function pushLayer(layer: Layer): void {
  layers = sortLayers([...layers, layer]);
  installDocumentListener();
  notify();
}

function removeLayer(id: number): void {
  layers = layers.filter((layer) => layer.id !== id);
  if (layers.length === 0) removeDocumentListener();
  notify();
}

/** The kind of the top-most layer, or undefined when no layer is mounted. */
export function topScope(): LayerKind | undefined {
  return layers.at(-1)?.kind;
}

/** The layer kinds from bottom to top; for the hotkey engine and tests. */
export function scopeStack(): readonly LayerKind[] {
  return layers.map((layer) => layer.kind);
}

/**
 * Whether a command of this scope may run now: 'global' always; otherwise the scope must be on the stack with no
 * dialog or palette above its top-most occurrence. `ignorePalette` asks as if the palette were closed.
 */
export function isScopeReachable(scope: CommandScope, options: { ignorePalette?: boolean } = {}): boolean {
  if (scope === 'global') return true;
  for (let index = layers.length - 1; index >= 0; index--) {
    const kind = layers[index]!.kind;
    if (kind === scope) return true;
    // The palette lists the commands of the layers beneath it, as they would be if it were closed.
    if (kind === 'palette' && options.ignorePalette) continue;
    if (kind === 'dialog' || kind === 'palette') return false;
  }
  return false;
}

/** Whether a dialog or the palette is open; global single-key shortcuts stay quiet then (except mod+k, Escape). */
export function isBlockingLayerOpen(): boolean {
  return layers.some((layer) => layer.kind === 'dialog' || layer.kind === 'palette');
}

export function subscribeToFocusScopes(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Re-renders when the stack changes; returns the top-most layer kind. */
export function useTopScope(): LayerKind | undefined {
  return useSyncExternalStore(subscribeToFocusScopes, topScope, topScope);
}

export interface FocusScopeOptions {
  /** Called when Escape is pressed while this layer is top-most. Without it, Escape does nothing here. */
  onEscape?: () => void;
  /** Push the layer only while true (default true), e.g. a Modal passes its `open` state. */
  active?: boolean;
}

/** Pushes a focus layer while the component is mounted and `active`. */
export function useFocusScope(kind: CommandScope, options: FocusScopeOptions = {}): void {
  const { onEscape, active = true } = options;
  const onEscapeRef = useRef(onEscape);
  onEscapeRef.current = onEscape;

  useEffect(() => {
    if (!active || kind === 'global') return;
    const layer: Layer = { id: nextId++, kind, onEscape: onEscapeRef };
    pushLayer(layer);
    return () => removeLayer(layer.id);
  }, [kind, active]);
}
