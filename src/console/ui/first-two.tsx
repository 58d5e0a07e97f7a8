import { splitForDisplay } from '@domain/format';
import { Tooltip } from './tooltip';
import './first-two.css';

/**
 * The first two values and a '+N' whose tooltip names the rest (spec 1, section 9). In a narrow cell the values are
 * cut, never the '+N'.
 */
export function FirstTwo({ values }: { values: readonly string[] }) {
  const { shown, rest } = splitForDisplay(values, 2);
  if (values.length === 0) return <span className="text-muted">—</span>;
  const text = shown.join(', ');
  return (
    <span className="first-two">
      <span className="first-two__values" title={text}>
        {text}
      </span>
      {rest.length > 0 ? (
        <Tooltip content={rest.join(', ')}>
          <span
            className="badge badge--neutral more-badge"
            role="img"
            aria-label={`${rest.length} more: ${rest.join(', ')}`}
          >
            +{rest.length}
          </span>
        </Tooltip>
      ) : null}
    </span>
  );
}
