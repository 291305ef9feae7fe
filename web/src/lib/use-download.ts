import { NETWORK_ERROR } from '@app/contract';
import { useState } from 'react';
import { codeOf, detailOf, errorText } from './errors';

/** Downloads a file under a readable name. A refused download says why (`error`, in Russian, for
 * the caller to show next to its button); it never fails silently. */
export function useDownload() {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const download = async (url: string, fileName: string) => {
    setPending(true);
    setError(null);
    try {
      const response = await fetch(url);
      if (!response.ok) {
        const failure = { status: response.status, body: await response.json().catch(() => null) };
        console.error('download failed', failure);
        setError(`Не удалось скачать файл. ${(codeOf(failure) && detailOf(failure)) || errorText(failure)}`);
        return;
      }
      const href = URL.createObjectURL(await response.blob());
      const a = document.createElement('a');
      a.href = href;
      a.download = fileName;
      document.body.append(a);
      a.click();
      a.remove();
      // Revoke later: the click starts the download asynchronously.
      window.setTimeout(() => URL.revokeObjectURL(href), 10_000);
    } catch (failure) {
      console.error('download failed', failure);
      setError(`Не удалось скачать файл. ${NETWORK_ERROR}`);
    } finally {
      setPending(false);
    }
  };
  return { pending, download, error };
}
