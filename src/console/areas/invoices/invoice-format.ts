import { formatDate } from '@domain/format';

// An invoice's calendar days ('YYYY-MM-DD') in the product's date style, read as local days so no time zone moves them.

export const invoiceDay = (value: string) => formatDate(`${value}T00:00:00`);
export const invoicePeriod = (from: string, to: string) => `${invoiceDay(from)} – ${invoiceDay(to)}`;
