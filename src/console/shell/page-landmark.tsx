import { type ComponentPropsWithoutRef, createContext, type ReactNode, useContext } from 'react';

// One `main` landmark a page: the signed-in shell draws it around every screen, so a page that can show both inside
// the shell and on its own (the not-found pages) is a `main` only where nothing else is.

const InsideMain = createContext(false);

/** Marks its children as inside the page's `main` (the shell wraps the screens in it). */
export function InsideMainLandmark({ children }: { children: ReactNode }) {
  return <InsideMain.Provider value>{children}</InsideMain.Provider>;
}

/** A `main` on its own, a `section` (a region, when named) inside the shell's `main`. */
export function PageLandmark(props: ComponentPropsWithoutRef<'main'>) {
  return useContext(InsideMain) ? <section {...props} /> : <main {...props} />;
}
