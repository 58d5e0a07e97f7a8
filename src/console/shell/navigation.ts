import type { ScreenDefinition } from '@console/app/screen-types';
import { matchRoute, type Parser } from 'wouter';

/** The screen whose pattern matches the path, if any. */
export function screenOfPath(
  screens: readonly ScreenDefinition[],
  path: string,
  parser: Parser,
): ScreenDefinition | undefined {
  return screens.find((screen) => matchRoute(parser, screen.pattern, path)[0]);
}

/** Whether the screen's path needs nothing but the account and merchant ids (record screens need more). */
export function needsOnlyScopeIds(screen: ScreenDefinition): boolean {
  return [...screen.pattern.matchAll(/:(\w+)/g)].every(
    (match) => match[1] === 'accountId' || match[1] === 'merchantId',
  );
}

/**
 * Where switching account leads: the same account-level screen for the new account when the user may see it there,
 * otherwise the first account-level screen of the side bar.
 */
export function pathForAccountSwitch(
  visible: readonly ScreenDefinition[],
  current: ScreenDefinition | undefined,
  accountId: string,
): string {
  if (current && current.level === 'account' && needsOnlyScopeIds(current) && visible.includes(current)) {
    return current.path({ accountId });
  }
  const first = visible.find((screen) => screen.level === 'account' && screen.inSideBar && needsOnlyScopeIds(screen));
  return first ? first.path({ accountId }) : `/accounts/${accountId}/merchants`;
}

/** Where switching merchant leads: the same merchant-level screen when possible, else the merchant's detail. */
export function pathForMerchantSwitch(
  visible: readonly ScreenDefinition[],
  current: ScreenDefinition | undefined,
  accountId: string,
  merchantId: string,
): string {
  if (current && current.level === 'merchant' && needsOnlyScopeIds(current) && visible.includes(current)) {
    return current.path({ accountId, merchantId });
  }
  return `/accounts/${accountId}/merchants/${merchantId}/detail`;
}
