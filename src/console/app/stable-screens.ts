import { useRef } from 'react';
import type { ScreenDefinition } from './screen-types';
import { useVisibleScreens } from './screens';

/**
 * The visible screens, as the same array while the same screens are visible: useVisibleScreens filters anew on each
 * render, and a new array would re-register commands and restart searches on every render.
 */
export function useStableVisibleScreens(): readonly ScreenDefinition[] {
  const screens = useVisibleScreens();
  const stable = useRef(screens);
  const previous = stable.current;
  if (previous.length !== screens.length || previous.some((screen, index) => screen !== screens[index])) {
    stable.current = screens;
  }
  return stable.current;
}
