import { api } from './api-client';

/** The name in a Content-Disposition header (`attachment; filename="x.csv"`), or null. */
export function filenameOf(disposition: string | null): string | null {
  const m = /filename="?([^";]+)"?/i.exec(disposition ?? '');
  return m ? m[1]!.trim() : null;
}

/**
 * Fetches a file from the API with the session's token (so it cannot be a plain link) and saves
 * it under the server's Content-Disposition name, else `fallbackName`. Throws what ky throws.
 */
export async function downloadFile(path: string, fallbackName: string, searchParams?: Record<string, string>) {
  const response = await api.get(path.replace(/^\//, ''), { searchParams, timeout: false });
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filenameOf(response.headers.get('content-disposition')) ?? fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
