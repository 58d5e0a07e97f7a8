import { useRuntimeConfig } from '@console/app/runtime-config';
import { useApi, useSession } from '@console/session/session-provider';
import { NotFoundPage } from '@console/shell/not-found-page';
import { Badge } from '@console/ui/badge';
import { Button } from '@console/ui/button';
import { EmptyState } from '@console/ui/empty-state';
import { MailIcon, RefreshIcon } from '@console/ui/icons';
import { LoadingBlock } from '@console/ui/spinner';
import { TextField } from '@console/ui/text-field';
import { type MailboxMessage, mailboxList } from '@domain/contract/mailbox';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** A link to this console opens in place; a link elsewhere opens in a new tab. */
function linkTarget(url: string): { href: string; external: boolean } {
  try {
    const parsed = new URL(url, globalThis.location?.origin);
    if (parsed.origin === globalThis.location?.origin) {
      return { href: `${parsed.pathname}${parsed.search}${parsed.hash}`, external: false };
    }
    return { href: parsed.toString(), external: true };
  } catch {
    return { href: url, external: true };
  }
}

function MessageCard({ message }: { message: MailboxMessage }) {
  const [showBody, setShowBody] = useState(false);
  const headingId = `mail-${message.id}`;
  return (
    <article className="mailbox__message card" aria-labelledby={headingId}>
      <header className="mailbox__message-header">
        <div className="mailbox__message-main">
          <h2 id={headingId} className="mailbox__subject">
            {message.subject}
          </h2>
          <div className="mailbox__meta">
            <span>To {message.to}</span>
            <span aria-hidden="true">·</span>
            <time dateTime={message.createdAt}>{dateFormat.format(new Date(message.createdAt))}</time>
          </div>
        </div>
        <Badge tone="accent">{message.kind}</Badge>
      </header>
      {message.links.length > 0 ? (
        <ul className="mailbox__links">
          {message.links.map((link) => {
            const target = linkTarget(link.url);
            return (
              <li key={link.url}>
                <a href={target.href} {...(target.external ? { target: '_blank', rel: 'noreferrer' } : {})}>
                  {link.label}
                </a>
                <span className="mailbox__url">{link.url}</span>
              </li>
            );
          })}
        </ul>
      ) : null}
      <Button size="sm" variant="ghost" aria-expanded={showBody} onClick={() => setShowBody((value) => !value)}>
        {showBody ? 'Hide message' : 'Show message'}
      </Button>
      {showBody ? <pre className="mailbox__body">{message.text}</pre> : null}
    </article>
  );
}

/**
 * Development mailbox: the outbox read back with the session, so reset and invitation links can be followed without
 * SMTP. Provider staff read every message; anyone else the messages addressed to them (the server decides).
 */
export function MailboxScreen() {
  const { mailbox } = useRuntimeConfig();
  return mailbox ? <Mailbox /> : <NotFoundPage />;
}

function Mailbox() {
  const api = useApi();
  const { isProviderStaff } = useSession();
  const [to, setTo] = useState('');
  const filter = to.trim();
  const mail = useQuery({
    queryKey: ['mailbox', filter],
    queryFn: ({ signal }) => api.get('/mailbox', { query: filter ? { to: filter } : {}, schema: mailboxList, signal }),
    refetchInterval: 5000,
  });

  return (
    <div className="mailbox">
      <header className="mailbox__header">
        <div>
          <h1>Development mailbox</h1>
          <p className="text-secondary">
            E-mails the console would send, kept here because no SMTP server is configured. Newest first
            {isProviderStaff ? '.' : ', only those addressed to you.'}
          </p>
        </div>
        <div className="mailbox__tools">
          <TextField
            label="Recipient"
            placeholder="Filter by e-mail address"
            value={to}
            onChange={(event) => setTo(event.target.value)}
            hideLabel
          />
          <Button icon={<RefreshIcon />} onClick={() => void mail.refetch()} loading={mail.isFetching}>
            Refresh
          </Button>
        </div>
      </header>
      {mail.isPending ? (
        <LoadingBlock />
      ) : mail.isError ? (
        <EmptyState
          role="alert"
          icon={<MailIcon />}
          title="Oops! Something went wrong"
          description="The mailbox could not be read."
        />
      ) : mail.data.items.length === 0 ? (
        <EmptyState
          icon={<MailIcon />}
          title="There are no items on this list"
          description="E-mails appear here as soon as they are sent."
        />
      ) : (
        <div className="mailbox__list">
          {mail.data.items.map((message) => (
            <MessageCard key={message.id} message={message} />
          ))}
        </div>
      )}
    </div>
  );
}
