import { recentRecordOpen } from '@domain/contract/recent-records';
import {
  canReachRecentKind,
  RECENT_RECORD_KINDS,
  RECENT_RECORD_LIMITS,
  recentRecordLabel,
} from '@domain/recent-records';
import { ROLE_DEFINITIONS } from '@domain/roles';
import { describe, expect, it } from 'vitest';

// The recent records' rules (issue 26): what each kind is called, who may reach it, and what a client may send.

const grantsOf = (role: string) => {
  const definition = ROLE_DEFINITIONS.find((candidate) => candidate.name === role)!;
  return { permissions: [...definition.permissions], allAllowed: definition.allAllowed ?? false };
};

describe('recent records', () => {
  it('names each kind from its own fields', () => {
    expect(
      recentRecordLabel({
        kind: 'TRANSACTION',
        transactionType: 'REFUND',
        amount: 1250,
        currency: 'EUR',
        referenceOrderId: 'ORD-7',
      }),
    ).toBe('Refund 12,50 EUR · Order ORD-7');
    const id = '0e000000-0000-4000-8000-000000000001';
    expect(recentRecordLabel({ kind: 'CHARGEBACK', id, caseId: 'CB-1', disputeId: 'D-1' })).toBe('Case CB-1');
    expect(recentRecordLabel({ kind: 'CHARGEBACK', id, caseId: ' ', disputeId: 'D-1' })).toBe('Case D-1');
    expect(recentRecordLabel({ kind: 'CHARGEBACK', id, caseId: '', disputeId: null })).toBe(`Case ${id}`);
    expect(recentRecordLabel({ kind: 'MID', description: 'Adyen EU', midAcquirerId: 'ADY-1' })).toBe(
      'Adyen EU (ADY-1)',
    );
    expect(recentRecordLabel({ kind: 'ROUTE', description: 'EU checkout' })).toBe('EU checkout');
    expect(recentRecordLabel({ kind: 'MERCHANT', prettyName: 'Harbor Shop' })).toBe('Harbor Shop');
  });

  it('reaches a kind with the permissions of its detail call', () => {
    expect(RECENT_RECORD_KINDS.every((kind) => canReachRecentKind(grantsOf('VIEWER'), kind))).toBe(true);
    const support = grantsOf('SUPPORT');
    expect(RECENT_RECORD_KINDS.filter((kind) => canReachRecentKind(support, kind))).toEqual([
      'TRANSACTION',
      'CHARGEBACK',
      'MERCHANT',
    ]);
    expect(canReachRecentKind({ permissions: [], allAllowed: true }, 'ROUTE')).toBe(true);
  });

  it('keeps more than it lists', () => {
    expect(RECENT_RECORD_LIMITS.kept).toBeGreaterThan(RECENT_RECORD_LIMITS.listed);
  });

  it('takes a kind and an id from the client, nothing else', () => {
    const id = '0e000000-0000-4000-8000-000000000001';
    expect(recentRecordOpen.safeParse({ kind: 'MID', id }).success).toBe(true);
    expect(recentRecordOpen.safeParse({ kind: 'MID', id, label: 'mine' }).success).toBe(false);
    expect(recentRecordOpen.safeParse({ kind: 'ACCOUNT', id }).success).toBe(false);
    expect(recentRecordOpen.safeParse({ kind: 'MID', id: 'x' }).success).toBe(false);
  });
});
