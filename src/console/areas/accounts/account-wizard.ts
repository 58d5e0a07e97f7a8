import {
  ACCOUNT_MESSAGES,
  type Account,
  type AccountSave,
  accountName,
  solutionName,
  splitSolutions,
} from '@domain/contract/accounts';

// The account wizard's data and rules (spec 2, sections 2.1, 4 and 5), apart from its screen so they read and test
// on their own. The server checks the same contract (accountSave) again.

export interface WizardValues {
  prettyName: string;
  /** Selected provider ids, in the order they were ticked. */
  providers: string[];
  /** Solution names by provider id; a provider unticked keeps its names until the wizard is saved. */
  solutions: Record<string, string[]>;
}

export const BLANK_WIZARD: WizardValues = { prettyName: '', providers: [], solutions: {} };

export function valuesOfAccount(account: Account): WizardValues {
  return {
    prettyName: account.prettyName,
    providers: account.providers.map((provider) => provider.acquirerId),
    solutions: Object.fromEntries(
      account.providers.map((provider) => [provider.acquirerId, provider.solutions.map((s) => s.prettyName)]),
    ),
  };
}

/** What the wizard would save, for the change check: the name trimmed, providers and names as sets. */
export function comparable(values: WizardValues) {
  return {
    prettyName: values.prettyName.trim(),
    providers: [...values.providers].sort().map((id) => [id, [...(values.solutions[id] ?? [])].sort()] as const),
  };
}

export const sameWizardValues = (a: WizardValues, b: WizardValues) =>
  JSON.stringify(comparable(a)) === JSON.stringify(comparable(b));

export type StepErrors = Partial<Record<'prettyName' | 'providers' | 'solutions', string>>;

/** Step 1, Name and Providers: checked by Continue. */
export function nameAndProvidersErrors(values: WizardValues): StepErrors {
  const errors: StepErrors = {};
  const name = accountName.safeParse(values.prettyName);
  if (!name.success) errors.prettyName = name.error.issues[0]?.message;
  if (values.providers.length === 0) errors.providers = ACCOUNT_MESSAGES.noProvider;
  return errors;
}

/** Step 2, Solutions: checked by Save. */
export function solutionsErrors(values: WizardValues): StepErrors {
  const any = values.providers.some((id) => (values.solutions[id] ?? []).length > 0);
  return any ? {} : { solutions: ACCOUNT_MESSAGES.noSolution };
}

export const hasErrors = (errors: StepErrors) => Object.values(errors).some(Boolean);

export interface SolutionsToAdd {
  /** Typed names the provider already has. */
  duplicated: string[];
  /** Typed names it has not: the ones to add. */
  added: string[];
  /** A typed name the contract refuses (too long), with its message. */
  invalid?: string;
}

/** Reads the '+Add' input: names split on semicolons, trimmed, empty and repeated ones dropped, sorted. */
export function solutionsToAdd(input: string, existing: readonly string[]): SolutionsToAdd {
  const names = splitSolutions(input);
  for (const name of names) {
    const checked = solutionName.safeParse(name);
    if (!checked.success) return { duplicated: [], added: [], invalid: checked.error.issues[0]?.message };
  }
  const have = new Set(existing);
  return { duplicated: names.filter((name) => have.has(name)), added: names.filter((name) => !have.has(name)) };
}

/** The save payload: the ticked providers in their order, each with its solution names (an edit adds its version). */
export function toAccountSave(values: WizardValues, providerNames: ReadonlyMap<string, string>): AccountSave {
  return {
    prettyName: values.prettyName.trim(),
    acquirers: values.providers.map((id) => ({
      id,
      prettyName: providerNames.get(id),
      solutions: values.solutions[id] ?? [],
    })),
  };
}
