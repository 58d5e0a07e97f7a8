import { LIMIT_CARD_BRANDS, LIMIT_VALUE_FIELDS } from '@domain/limits';
import { type SQL, sql } from 'drizzle-orm';

// The limits' rules where a statement needs them (src/domain/limits.ts): written from the domain's own definitions,
// so the SQL cannot drift from the function the console and the services call. tests/server/limit-sql.test.ts runs
// both on the same values.

/** A constant of the domain's (card brand groups, column names): letters and underscores only, so it reads as is. */
function constant(value: string): string {
  if (!/^[A-Za-z_]+$/.test(value)) throw new Error(`not a plain constant: ${value}`);
  return value;
}

/** hasLimit() (src/domain/limits.ts) over a limits row: `limits` is the table's name or alias in the statement. */
export function hasLimitSql(limits: SQL = sql.raw('limits')): SQL {
  const conditions = LIMIT_VALUE_FIELDS.map((field) => sql`${limits}.${sql.raw(constant(field))} is not null`);
  return sql`(${sql.join(conditions, sql` or `)})`;
}

/**
 * limitCardBrandOf() over a card brand column: the group a sale counts in ('VISA', 'MC' or 'OTHERS'). Constants, not
 * parameters, so the planner reads it as an expression of the column alone.
 */
export function limitCardBrandSql(cardBrand: SQL): SQL {
  const literal = (value: string) => sql.raw(`'${constant(value)}'`);
  const cases = LIMIT_CARD_BRANDS.flatMap((group) =>
    group.brands === null
      ? []
      : [sql`when ${cardBrand} in (${sql.join(group.brands.map(literal), sql`, `)}) then ${literal(group.name)}`],
  );
  const rest = LIMIT_CARD_BRANDS.find((group) => group.brands === null)!;
  return sql`(case ${sql.join(cases, sql` `)} else ${literal(rest.name)} end)`;
}
