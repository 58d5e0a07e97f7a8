import { describe, expect, it } from 'vitest';
import { noteServerCall, takeUnservedCalls } from './served-check';

// The guard every console test runs through (setup.ts): a stubbed call must be one the server serves, with query
// names the server takes (issue 23: the server answers 400 to a name it does not take, where it used to ignore it).

const ACCOUNT = '0f0e0d0c-0b0a-4908-8706-050403020100';
const MERCHANT = '1f0e0d0c-0b0a-4908-8706-050403020100';
const url = (path: string) => new URL(path, 'http://console.test');

describe('the served-call guard', () => {
  it("passes a list call with the list's own names, bracketed arrays and the cache buster", () => {
    noteServerCall('GET', url(`/api/merchant/${MERCHANT}/transactionalert?page=1&limit=50&type[]=RDR&_=1`));
    noteServerCall('GET', url(`/api/merchant/${MERCHANT}/transactionalert/export?timeZone=UTC&forceEmailExport=true`));
    expect(takeUnservedCalls()).toEqual([]);
  });

  it('names a call with a query name the server refuses, and a call it does not serve', () => {
    noteServerCall('GET', url(`/api/account/${ACCOUNT}/merchant?limit=500&creationDateFromm=2026-01-01`));
    noteServerCall('GET', url(`/api/account/${ACCOUNT}/nothing-here`));
    // The account's list takes merchantId[]; the merchant's list does not.
    noteServerCall('GET', url(`/api/merchant/${MERCHANT}/transactionalert?merchantId[]=${MERCHANT}`));
    expect(takeUnservedCalls()).toEqual([
      `GET /api/account/${ACCOUNT}/merchant with creationDateFromm`,
      `GET /api/account/${ACCOUNT}/nothing-here`,
      `GET /api/merchant/${MERCHANT}/transactionalert with merchantId`,
    ]);
  });

  it('reads the literal route where a parameter would also fit (export, not a MID id)', () => {
    noteServerCall('GET', url(`/api/merchant/${MERCHANT}/mid/export?timeZone=UTC&midDescription=EU`));
    noteServerCall('GET', url(`/api/merchant/${MERCHANT}/mid/${ACCOUNT}?timeZone=UTC`));
    expect(takeUnservedCalls()).toEqual([`GET /api/merchant/${MERCHANT}/mid/${ACCOUNT} with timeZone`]);
  });
});
