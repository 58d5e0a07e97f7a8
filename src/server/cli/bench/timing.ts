import { performance } from 'node:perf_hooks';
import { type LatencySummary, round, summarize } from './stats';

/** One answer of the app, timed. */
export interface Injected {
  status: number;
  body: string;
  ms: number;
}

/** What the timed requests are sent through (the API fixture, or an app signed in for one group). */
export interface RequestClient {
  get(url: string): Promise<Injected>;
  post(url: string, payload: unknown): Promise<Injected>;
}

const WARM_UP = 10;
/** A slow endpoint stops early (with at least MIN_SAMPLES) so the whole bench stays within a few minutes. */
const MAX_SECONDS = 15;
const MIN_SAMPLES = 30;

/**
 * Times up to `count` sequential requests (after a few untimed ones, so JIT and plan caches are warm). Any answer other
 * than 200 stops the measurement: a fast error is not a fast list.
 */
/** A GET by its URL, or a POST with its JSON body. */
export type BenchRequest = string | { method: 'POST'; url: string; payload: unknown };

export async function timeRequests(
  fixture: RequestClient,
  url: (index: number) => BenchRequest,
  count: number,
  /** Groups the samples (by search term, say) for a per-group median in `byLabel`. */
  labelOf?: (index: number) => string,
): Promise<LatencySummary & { byLabel: string }> {
  const samples: number[] = [];
  const labelled = new Map<string, number[]>();
  const deadline = performance.now() + MAX_SECONDS * 1000;
  for (let index = -WARM_UP; index < count; index++) {
    const target = url(index + WARM_UP);
    const response =
      typeof target === 'string' ? await fixture.get(target) : await fixture.post(target.url, target.payload);
    if (response.status !== 200) {
      const name = typeof target === 'string' ? `GET ${target}` : `POST ${target.url}`;
      throw new Error(`${name} answered ${response.status}: ${response.body.slice(0, 200)}`);
    }
    if (index >= 0) {
      samples.push(response.ms);
      if (labelOf) {
        const label = labelOf(index + WARM_UP);
        labelled.set(label, [...(labelled.get(label) ?? []), response.ms]);
      }
    }
    if (samples.length >= MIN_SAMPLES && performance.now() > deadline) break;
  }
  const byLabel = [...labelled].map(([label, values]) => `${label} ${round(summarize(values).p50)}`).join(', ');
  return { ...summarize(samples), byLabel: byLabel && `p50 by term: ${byLabel} ms` };
}
