import type { QueryKeyRegistry } from '@domain/search-query';
import { keyHelp, QUERY_SYNTAX_HELP } from '@domain/search-query/key-help';

// The shortcuts sheet's 'Query keys' section (issue 26): the keys the list on screen takes in its search box, read
// from the registry its table registered, so it lists exactly the keys of the filters the screen shows.

export function QueryKeysSection({ registry }: { registry: QueryKeyRegistry }) {
  const heading = `Query keys: ${registry.list}`;
  return (
    <section className="shortcuts-sheet__section" aria-label={heading}>
      <h3 className="shortcuts-sheet__heading">{heading}</h3>
      <p className="shortcuts-sheet__note">{QUERY_SYNTAX_HELP}</p>
      {registry.keys.length === 0 ? (
        <p className="shortcuts-sheet__note">This list has no filters: its search box takes words only.</p>
      ) : (
        <table className="shortcuts-sheet__keys-table">
          <thead>
            <tr>
              <th scope="col">Key</th>
              <th scope="col">Values</th>
              <th scope="col">Example</th>
            </tr>
          </thead>
          <tbody>
            {registry.keys.map((spec) => {
              const help = keyHelp(spec);
              return (
                <tr key={spec.name}>
                  <th scope="row">
                    <code>{help.name}</code>{' '}
                    <span className="shortcuts-sheet__aside">
                      {help.label}
                      {help.aliases.length > 0 ? ` · also ${help.aliases.join(', ')}` : ''}
                    </span>
                  </th>
                  <td>{help.values}</td>
                  <td>
                    {help.examples.map((example) => (
                      <code key={example} className="shortcuts-sheet__example">
                        {example}
                      </code>
                    ))}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
