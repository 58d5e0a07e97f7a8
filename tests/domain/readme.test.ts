import { readFileSync } from 'node:fs';
import { DISPUTE_DOCUMENT_PLACEHOLDERS } from '@domain/chargebacks';
import { PERMISSIONS } from '@domain/permissions';
import { ROLE_DEFINITIONS } from '@domain/roles';
import { describe, expect, it } from 'vitest';

// The README documents the role matrix for people choosing a demo user; this keeps it true to the code.
const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

describe('README permission matrix', () => {
  const block = readme.split('<!-- matrix:start -->')[1]?.split('<!-- matrix:end -->')[0] ?? '';
  const [header = '', , ...rows] = block.trim().split('\n');
  const roleNames = header
    .split('|')
    .slice(2, -1)
    .map((cell) => cell.trim());

  it('lists every role and every permission', () => {
    expect(roleNames).toEqual(ROLE_DEFINITIONS.map((role) => role.name));
    expect(rows.map((row) => row.split('|')[1]!.trim().replaceAll('`', ''))).toEqual(Object.values(PERMISSIONS));
  });

  it('ticks exactly the permissions each role holds', () => {
    for (const row of rows) {
      const cells = row
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim());
      const permission = cells[0]!.replaceAll('`', '');
      ROLE_DEFINITIONS.forEach((role, index) => {
        const holds = Boolean(role.allAllowed) || role.permissions.includes(permission);
        expect({ permission, role: role.name, ticked: cells[index + 1] === '✓' }).toEqual({
          permission,
          role: role.name,
          ticked: holds,
        });
      });
    }
  });
});

describe('README dispute document placeholders', () => {
  const block = readme.split('<!-- placeholders:start -->')[1]?.split('<!-- placeholders:end -->')[0] ?? '';

  it('documents every placeholder the document call fills, and no other', () => {
    const documented = [...block.matchAll(/^\| `\{#?([A-Za-z0-9]+)\}/gm)].map((match) => match[1]);
    expect(documented).toEqual(DISPUTE_DOCUMENT_PLACEHOLDERS.map(({ name }) => name));
  });
});
