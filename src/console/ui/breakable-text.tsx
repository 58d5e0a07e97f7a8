import { Fragment } from 'react';

// Addresses wrap where a reader expects, as style guides break them: an e-mail before the '@' and before each '.',
// a web address after each '/' and before each '.', '?', '&', '#' or '='; never inside a word. A part longer than
// its line still wraps anywhere (the detail cards' overflow-wrap) rather than overflow its card.

const BREAKS = /(?<=\/)(?!\/)|(?=[@.?&#=])/;

/** Text with a wrap opportunity (<wbr>) at each break point of an address. */
export function BreakableText({ text }: { text: string }) {
  const parts = text.split(BREAKS).filter((part) => part !== '');
  return (
    <>
      {parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one address never move
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}

/** An e-mail address as a mailto link that wraps only at its break points. */
export function EmailLink({ email }: { email: string }) {
  return (
    <a href={`mailto:${email}`}>
      <BreakableText text={email} />
    </a>
  );
}
