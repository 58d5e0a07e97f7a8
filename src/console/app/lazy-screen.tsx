import { type ComponentType, lazy, useRef } from 'react';

// React.lazy for the signed-in shell and the screens, with a way to load them ahead of their first render.
// React.lazy suspends on the first render of each lazy component, even when its module is already loaded, and shows
// it only on a later pass; a screen made here renders directly once its module has loaded. Production loads each
// screen on first use, as before. The console tests preload every screen once per test file
// (tests/console/app-harness.tsx), so a test's first render waits for rendering, not for loading the console's modules
// (README, "Tests on a busy machine").

/** Screens and the shell take no props: what they show comes from the address and the session. */
export type LazyScreen = ComponentType & {
  /** Loads the module now; once it resolves, the screen renders without suspending. */
  preload: () => Promise<void>;
};

const preloaders = new Set<() => Promise<void>>();

export function lazyScreen(load: () => Promise<{ default: ComponentType }>): LazyScreen {
  let loaded: ComponentType | undefined;
  let loading: Promise<void> | undefined;
  const preload = () => {
    loading ??= load().then(
      (module) => {
        loaded = module.default;
      },
      (error: unknown) => {
        // A load that failed (a chunk the network lost) may be tried again.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(() => preload().then(() => ({ default: loaded as ComponentType })));
  function LazyScreen() {
    // Chosen once per mounted screen: switching from the lazy wrapper to the loaded component would remount it.
    const component = useRef<ComponentType>(loaded ?? Lazy);
    const Component = component.current;
    return <Component />;
  }
  preloaders.add(preload);
  return Object.assign(LazyScreen, { preload });
}

/** Loads every screen made with lazyScreen so far. */
export function preloadEveryScreen(): Promise<void> {
  return Promise.all([...preloaders].map((preload) => preload())).then(() => undefined);
}
