/**
 * The attachment header for a download: an ASCII fallback name (other characters, quotes and backslashes become '_',
 * so the header stays valid) and the exact UTF-8 name (RFC 6266), which browsers prefer.
 */
export function contentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
