import { type Environment, environmentOf, type RuntimeConfig, runtimeConfig } from '@domain/contract/config';
import { createContext, createElement, type ReactNode, useContext, useMemo } from 'react';

// Settings the console reads at run time (spec 1, section 7): served by the server as /config.json, so one build runs
// against any API, user-activity and analytics address and tells Live from Test by its own origin.

export class RuntimeConfigError extends Error {
  override readonly name = 'RuntimeConfigError';
}

export async function loadRuntimeConfig(
  fetchImpl: typeof fetch = (input, init) => globalThis.fetch(input, init),
  url = '/config.json',
): Promise<RuntimeConfig> {
  let response: Response;
  try {
    response = await fetchImpl(url, { cache: 'no-store', headers: { Accept: 'application/json' } });
  } catch (error) {
    throw new RuntimeConfigError('The console configuration could not be loaded', { cause: error });
  }
  if (!response.ok) throw new RuntimeConfigError(`The console configuration answered ${response.status}`);
  const parsed = runtimeConfig.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success) throw new RuntimeConfigError('The console configuration is malformed', { cause: parsed.error });
  return parsed.data;
}

const RuntimeConfigContext = createContext<RuntimeConfig | null>(null);

export function RuntimeConfigProvider({ config, children }: { config: RuntimeConfig; children?: ReactNode }) {
  return createElement(RuntimeConfigContext.Provider, { value: config }, children);
}

export function useRuntimeConfig(): RuntimeConfig {
  const config = useContext(RuntimeConfigContext);
  if (!config) throw new Error('useRuntimeConfig needs a RuntimeConfigProvider above it');
  return config;
}

/** Live or Test, by comparing the page origin with the configured live origin. */
export function useEnvironment(origin: string = globalThis.location?.origin ?? ''): Environment {
  const config = useRuntimeConfig();
  return useMemo(() => environmentOf(origin, config), [origin, config]);
}
