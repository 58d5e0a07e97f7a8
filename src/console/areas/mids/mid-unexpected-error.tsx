import { Banner } from '@console/ui/banner';
import { Button } from '@console/ui/button';
import { CATALOGUE } from '@domain/errors';

// Spec 2, section 8: any load, acquirer, save or list error on the MID page shows the 'unexpected-error' banner.

const MESSAGE = CATALOGUE['unexpected-error'];

export function MidUnexpectedError({ onRetry }: { onRetry?: () => void }) {
  return (
    <div className="form-field--wide">
      <Banner type="error" header={MESSAGE.header} content={MESSAGE.content}>
        {onRetry ? (
          <Button size="sm" className="mid-form__retry" onClick={onRetry}>
            Try again
          </Button>
        ) : null}
      </Banner>
    </div>
  );
}
