import { useRegisterCommands } from '@console/commands/registry';
import type { Command } from '@console/commands/types';
import { COUNTER_TAB_LABELS, type CounterTab, counterTabPath } from './counter-paths';

// The counters screen's keys (issue 16): 1, 2 and 3 show its tabs, [ and ] page through the Sales tab's MID cards.
// Digits and brackets are free on this screen: the g-letters are sequences, and the data table's [ and ] belong to the
// table's own scope (the Descriptors tab), where no MID pager is mounted.

export const COUNTER_TAB_KEYS: Record<CounterTab, string> = { sales: '1', limits: '2', descriptors: '3' };

export const COUNTER_COMMAND_IDS = {
  tab: (tab: CounterTab) => `counters.tab.${tab}`,
  nextMidPage: 'counters.mids.next-page',
  previousMidPage: 'counters.mids.previous-page',
} as const;

/** One command per tab the user may see: the palette entry and its digit. */
export function useCounterTabCommands(
  accountId: string,
  merchantId: string,
  pspId: string | undefined,
  tabs: readonly CounterTab[],
): void {
  const commands: Command[] = pspId
    ? tabs.map((tab) => ({
        id: COUNTER_COMMAND_IDS.tab(tab),
        title: `${COUNTER_TAB_LABELS[tab]} tab`,
        group: 'Navigation',
        keys: [COUNTER_TAB_KEYS[tab]],
        scope: 'page',
        keywords: ['counters', 'sales', 'limits', 'descriptors'],
        run: (ctx) => ctx.navigate(counterTabPath(accountId, merchantId, pspId, tab)),
      }))
    : [];
  useRegisterCommands(commands, [accountId, merchantId, pspId, tabs.join()]);
}

/** '[' and ']' on the Sales tab: the previous and next page of MID cards, while there is one. */
export function useMidPagerCommands(page: number, pages: number, goTo: (page: number) => void): void {
  const commands: Command[] = [
    {
      id: COUNTER_COMMAND_IDS.nextMidPage,
      title: 'Next page of MIDs',
      group: 'Navigation',
      keys: ['bracketright'],
      scope: 'page',
      when: () => page < pages,
      run: () => goTo(page + 1),
    },
    {
      id: COUNTER_COMMAND_IDS.previousMidPage,
      title: 'Previous page of MIDs',
      group: 'Navigation',
      keys: ['bracketleft'],
      scope: 'page',
      when: () => page > 1,
      run: () => goTo(page - 1),
    },
  ];
  useRegisterCommands(commands, [page, pages, goTo]);
}
