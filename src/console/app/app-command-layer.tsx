import { CommandLayer, type CommandLayerProps } from '@console/commands/command-layer';
import { useStableVisibleScreens } from './stable-screens';

/**
 * The command layer over the screens the user may see. The list of screens is the app's: it reaches the commands
 * (the `g` keys, the palette's navigation) from here, so no command module imports the screens, whose own modules
 * register commands.
 */
export function AppCommandLayer(props: Omit<CommandLayerProps, 'screens'>) {
  const screens = useStableVisibleScreens();
  return <CommandLayer {...props} screens={screens} />;
}
