import { useAnalytics } from '@console/analytics/analytics-provider';
import { FormSection } from '@console/forms/form-layout';
import { useSession } from '@console/session/session-provider';
import { Banner } from '@console/ui/banner';
import { Button } from '@console/ui/button';
import { messageFor } from '@domain/errors';
import { can, PERMISSIONS as P } from '@domain/permissions';
import {
  NONE_CUSTOM_TAG,
  ROUTING_CRITERIA,
  ROUTING_CRITERION_LABELS,
  type RoutingCriterion,
} from '@domain/routing-criteria';
import { useRef } from 'react';
import type { RouteWizardEvent, WizardValues } from '../../../../machines/route-wizard.machine';
import { useListSuggestions } from '../lists/use-list-suggestions';
import { VariableField } from '../mids/variable-field';

// Step 1, 'Route variables' (spec 2, section 2.4): the orders this route takes. A variable is added with its button
// and closed (cleared) with its ×; one left open without values stops Continue with the spec's message. URLs and custom
// tags come from My Lists (custom tags also offer NONE, orders without a tag); a new one joins My Lists on save.

interface VariablesStepProps {
  merchantId: string;
  values: WizardValues;
  errors: Record<string, string>;
  loading: boolean;
  /** The step is the first thing on the screen: its first field takes the focus. */
  firstFocus: boolean;
  send: (event: RouteWizardEvent) => void;
}

export function VariablesStep({ merchantId, values, errors, loading, firstFocus, send }: VariablesStepProps) {
  const analytics = useAnalytics();
  const { grants } = useSession();
  const suggestions = useListSuggestions(merchantId);
  const listed = { url: suggestions.urls, customTag: suggestions.tags };
  const suggestionsOf = (criterion: RoutingCriterion) =>
    criterion === 'url' ? listed.url : criterion === 'customTag' ? [NONE_CUSTOM_TAG, ...listed.customTag] : undefined;

  const setCriterion = (criterion: RoutingCriterion, next: string[]) => {
    if (criterion === 'url' || criterion === 'customTag') {
      const known = suggestionsOf(criterion) ?? [];
      const added = next.filter((item) => !values.variables[criterion].includes(item) && !known.includes(item));
      if (added.length) analytics.track(criterion === 'url' ? 'add_url_route' : 'add_customtag_route');
    }
    send({ type: 'SET_VARIABLE', criterion, values: next });
  };
  // The variable the user just added takes the focus; on arrival, the first field (or the first add button) has it.
  const opened = useRef<RoutingCriterion | null>(null);
  const closed = ROUTING_CRITERIA.filter((criterion) => !values.open.includes(criterion));

  return (
    <FormSection
      title="Route variables"
      description="The orders this route takes: an order must match every variable set here. A variable left out accepts any value."
    >
      {errors.variables ? (
        <div className="form-field--wide">
          <Banner
            type="error"
            header={messageFor(errors.variables).header}
            content={messageFor(errors.variables).content}
          />
        </div>
      ) : null}
      {values.open.length === 0 ? (
        <p className="form-field--wide text-muted">No variables: the route takes every order of the merchant.</p>
      ) : null}
      {values.open.map((criterion, index) => (
        <VariableField
          key={criterion}
          criterion={criterion}
          values={values.variables[criterion]}
          error={errors[`variables.${criterion}`]}
          suggestions={suggestionsOf(criterion)}
          canAddToList={can(grants, criterion === 'url' ? P.urlCreate : P.tagCreate)}
          autoFocus={criterion === opened.current || (firstFocus && index === 0)}
          onChange={(next) => setCriterion(criterion, next)}
          onBlur={() => undefined}
          onClose={() => send({ type: 'CLOSE_VARIABLE', criterion })}
        />
      ))}
      {closed.length ? (
        <fieldset className="form-field--wide mid-form__add-variables">
          <legend className="visually-hidden">Add a variable</legend>
          {closed.map((criterion, index) => (
            <Button
              key={criterion}
              size="sm"
              disabled={loading}
              autoFocus={firstFocus && values.open.length === 0 && index === 0}
              onClick={() => {
                opened.current = criterion;
                send({ type: 'OPEN_VARIABLE', criterion });
              }}
            >
              + {ROUTING_CRITERION_LABELS[criterion]}
            </Button>
          ))}
        </fieldset>
      ) : null}
    </FormSection>
  );
}
