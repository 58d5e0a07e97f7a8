import { can, canAll, canSome, check, PERMISSIONS } from '@domain/permissions';
import { ROLE_DEFINITIONS } from '@domain/roles';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

const grants = (...permissions: string[]) => ({ permissions });

describe('can', () => {
  it('holds for the exact permission', () => {
    expect(can(grants('route.read'), 'route.read')).toBe(true);
    expect(can(grants('route.read'), 'route.update')).toBe(false);
  });

  it('holds for all.manage, whatever is asked', () => {
    expect(can(grants('all.manage'), 'invoice.delete')).toBe(true);
    expect(can(grants('all.manage'), 'chargeback.template.download')).toBe(true);
  });

  it('holds for all.{action} on any resource with that action only', () => {
    expect(can(grants('all.read'), 'mid.read')).toBe(true);
    expect(can(grants('all.read'), 'chargeback.template.read')).toBe(true);
    expect(can(grants('all.read'), 'mid.update')).toBe(false);
  });

  it('holds for {resource}.manage on every action of that resource only', () => {
    expect(can(grants('mid.manage'), 'mid.delete')).toBe(true);
    expect(can(grants('mid.manage'), 'route.delete')).toBe(false);
    // Dotted resources: chargeback.template.manage covers chargeback.template.*, not chargeback.*.
    expect(can(grants('chargeback.template.manage'), 'chargeback.template.delete')).toBe(true);
    expect(can(grants('chargeback.template.manage'), 'chargeback.update')).toBe(false);
    expect(can(grants('chargeback.manage'), 'chargeback.template.delete')).toBe(false);
  });

  it('grants everything to an all-allowed user, even with no permissions', () => {
    expect(can({ permissions: [], allAllowed: true }, 'account.delete')).toBe(true);
  });

  it('refuses everything to a user with no permissions', () => {
    for (const permission of Object.values(PERMISSIONS)) expect(can(grants(), permission)).toBe(false);
  });

  it('does not let a partial name match', () => {
    expect(can(grants('route.rea'), 'route.read')).toBe(false);
    expect(can(grants('rout.read'), 'route.read')).toBe(false);
    expect(can(grants('all.manag'), 'route.read')).toBe(false);
  });

  it('matches the four-way rule for any resource and action (property)', () => {
    const word = fc.stringMatching(/^[a-z]{1,8}$/);
    fc.assert(
      fc.property(
        word,
        word,
        fc.subarray(['exact', 'allManage', 'allAction', 'resourceManage'] as const),
        (resource, action, kinds) => {
          const permission = `${resource}.${action}`;
          const list = kinds.map((kind) =>
            kind === 'exact'
              ? permission
              : kind === 'allManage'
                ? 'all.manage'
                : kind === 'allAction'
                  ? `all.${action}`
                  : `${resource}.manage`,
          );
          expect(can(grants(...list), permission)).toBe(kinds.length > 0);
        },
      ),
    );
  });
});

describe('check over a list', () => {
  it('reports all and some', () => {
    const user = grants('mid.read', 'route.read');
    expect(check(user, ['mid.read', 'route.read'])).toEqual({ all: true, some: true });
    expect(check(user, ['mid.read', 'mid.delete'])).toEqual({ all: false, some: true });
    expect(check(user, ['mid.delete', 'route.delete'])).toEqual({ all: false, some: false });
  });

  it('allows an empty requirement list', () => {
    expect(check(grants(), [])).toEqual({ all: true, some: true });
    expect(canAll(grants(), [])).toBe(true);
    expect(canSome(grants(), [])).toBe(true);
  });
});

describe('role matrix', () => {
  const account = ROLE_DEFINITIONS.filter((role) => !role.internal);

  it('defines the five account roles of the spec', () => {
    expect(account.map((role) => role.name).sort()).toEqual(
      ['ADMINISTRATOR', 'MANAGER', 'PAYMENTS_SPECIALIST', 'SUPPORT', 'VIEWER'].sort(),
    );
  });

  it('never gives account roles the provider-staff accounts list or internal-user management', () => {
    for (const role of account) {
      expect(can(role, PERMISSIONS.accountRead)).toBe(false);
      expect(can(role, PERMISSIONS.internalUserCreate)).toBe(false);
    }
  });

  it('uses only permission names the product checks', () => {
    const known = new Set<string>([...Object.values(PERMISSIONS), 'all.manage']);
    for (const role of ROLE_DEFINITIONS) for (const permission of role.permissions) expect(known).toContain(permission);
  });

  it('lets viewers read but not change', () => {
    const viewer = ROLE_DEFINITIONS.find((role) => role.name === 'VIEWER')!;
    expect(can(viewer, PERMISSIONS.merchantRead)).toBe(true);
    expect(can(viewer, PERMISSIONS.transactionRefund)).toBe(false);
    expect(can(viewer, PERMISSIONS.midUpdate)).toBe(false);
  });
});
