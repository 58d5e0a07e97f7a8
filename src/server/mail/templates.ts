import type { OutgoingMail } from './mailer';

// Plain text first (what the development mailbox shows), with a minimal HTML twin for mail clients.

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

interface TemplateInput {
  to: string;
  kind: string;
  subject: string;
  greeting: string;
  paragraphs: string[];
  action: { label: string; url: string };
  footer?: { label: string; url: string };
}

export function renderMail(input: TemplateInput): OutgoingMail {
  const text = [
    input.greeting,
    '',
    ...input.paragraphs.flatMap((paragraph) => [paragraph, '']),
    `${input.action.label}: ${input.action.url}`,
    ...(input.footer ? ['', `${input.footer.label}: ${input.footer.url}`] : []),
    '',
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">',
    `<p>${escapeHtml(input.greeting)}</p>`,
    ...input.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    `<p><a href="${escapeHtml(input.action.url)}">${escapeHtml(input.action.label)}</a></p>`,
    input.footer
      ? `<p style="font-size:small;color:#666"><a href="${escapeHtml(input.footer.url)}">${escapeHtml(input.footer.label)}</a></p>`
      : '',
    '</body></html>',
  ].join('');
  return {
    to: input.to,
    subject: input.subject,
    text,
    html,
    kind: input.kind,
    links: [input.action, ...(input.footer ? [input.footer] : [])],
  };
}

interface LinkMailInput {
  to: string;
  firstName: string;
  url: string;
  unsubscribeUrl: string;
}

export function passwordResetMail(input: LinkMailInput): OutgoingMail {
  return renderMail({
    to: input.to,
    kind: 'reset',
    subject: 'Reset your Password',
    greeting: `Hello ${input.firstName},`,
    paragraphs: [
      'We received a request to reset the password of your Payments Ops Console user.',
      'The link below works once and expires in 24 hours. If you did not ask for it, you can ignore this e-mail.',
    ],
    action: { label: 'Reset your Password', url: input.url },
    footer: { label: 'Unsubscribe', url: input.unsubscribeUrl },
  });
}

export function invitationMail(input: LinkMailInput): OutgoingMail {
  return renderMail({
    to: input.to,
    kind: 'invitation',
    subject: 'Create your Password',
    greeting: `Hello ${input.firstName},`,
    paragraphs: [
      'You have been invited to the Payments Ops Console.',
      'Create your password to activate your account. The link works once and expires in 24 hours.',
    ],
    action: { label: 'Create your Password', url: input.url },
    footer: { label: 'Unsubscribe', url: input.unsubscribeUrl },
  });
}
