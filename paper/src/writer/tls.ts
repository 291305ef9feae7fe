/** A fetch that trusts an extra certificate authority (GigaChat's servers are signed by the Russian
 * Ministry of Digital Development's root, which Node does not ship), besides the usual ones.
 * Verification stays on: only the trusted roots change. */
import { rootCertificates } from 'node:tls';
import { Agent, fetch as undiciFetch } from 'undici';
import { PaperError } from '../errors.ts';

export function fetchTrusting(caPem: string): typeof fetch {
  if (!/-----BEGIN CERTIFICATE-----/.test(caPem)) {
    throw new PaperError('invalid_input', 'Файл корневого сертификата не похож на сертификат в формате PEM');
  }
  const dispatcher = new Agent({ connect: { ca: [...rootCertificates, caPem] } });
  return ((input: Parameters<typeof fetch>[0], init?: RequestInit) =>
    undiciFetch(input as Parameters<typeof undiciFetch>[0], {
      ...(init as Parameters<typeof undiciFetch>[1]),
      dispatcher,
    })) as unknown as typeof fetch;
}
