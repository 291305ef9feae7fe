import { useState } from 'react';

/** Downloads a file under a readable name; if that fails, opens the link so the browser handles it. */
export function useDownload() {
  const [pending, setPending] = useState(false);
  const download = async (url: string, fileName: string) => {
    setPending(true);
    try {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const href = URL.createObjectURL(await response.blob());
      const a = document.createElement('a');
      a.href = href;
      a.download = fileName;
      document.body.append(a);
      a.click();
      a.remove();
      // Revoke later: the click starts the download asynchronously.
      window.setTimeout(() => URL.revokeObjectURL(href), 10_000);
    } catch (error) {
      console.error('download failed, opening the link', error);
      window.open(url, '_blank', 'noopener');
    } finally {
      setPending(false);
    }
  };
  return { pending, download };
}
