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

interface ExportMailInput {
  to: string;
  firstName: string;
  /** The console page that downloads the file with the user's session. */
  url: string;
  fileName: string;
  rowCount: number;
  expiresAt: Date;
}

export function exportReadyMail(input: ExportMailInput): OutgoingMail {
  return renderMail({
    to: input.to,
    kind: 'export',
    subject: 'Your export is ready',
    greeting: `Hello ${input.firstName},`,
    paragraphs: [
      `The file you asked for, ${input.fileName} (${input.rowCount.toLocaleString('en')} records), is ready.`,
      `The link opens the Payments Ops Console and downloads it once you are signed in. It works for you only and expires on ${input.expiresAt.toUTCString()}.`,
    ],
    action: { label: 'Download the export', url: input.url },
  });
}

export function exportFailedMail(input: Pick<ExportMailInput, 'to' | 'firstName' | 'url' | 'fileName'>): OutgoingMail {
  return renderMail({
    to: input.to,
    kind: 'export',
    subject: 'Export failed',
    greeting: `Hello ${input.firstName},`,
    paragraphs: [`We could not prepare ${input.fileName}. Export the list again from the console.`],
    action: { label: 'See the export', url: input.url },
  });
}
