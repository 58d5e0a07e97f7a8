import { AppCommandLayer } from '@console/app/app-command-layer';
import { CommandRegistryProvider } from '@console/commands/registry';
import type { ReactNode } from 'react';
import { HelpCentreProvider, useHelpCentre } from './help-centre';
import { InsideMainLandmark } from './page-landmark';
import { SideBar } from './side-bar';
import { TopMenu } from './top-menu';

function ShellCommandLayer() {
  const help = useHelpCentre();
  return <AppCommandLayer onOpenHelpCentre={() => help.open()} />;
}

/** The signed-in layout: top menu, side bar, the screen, and the command layer (palette, hotkeys, shortcuts). */
export function AppShell({ children }: { children: ReactNode }) {
  return (
    <CommandRegistryProvider>
      <HelpCentreProvider>
        <div className="app-shell">
          <a href="#main-content" className="skip-link">
            Skip to content
          </a>
          <TopMenu />
          <div className="app-shell__body">
            <SideBar />
            <main id="main-content" className="app-shell__main" tabIndex={-1}>
              <InsideMainLandmark>{children}</InsideMainLandmark>
            </main>
          </div>
          <ShellCommandLayer />
        </div>
      </HelpCentreProvider>
    </CommandRegistryProvider>
  );
}
