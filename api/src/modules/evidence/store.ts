/**
 * Where a delivered version's «Отчёт об источниках» is kept: its JSON, .docx and PDF beside the
 * version's own files (under the order that made it). The paper's or the version's row records the
 * prefix (`evidence_key`); a paper delivered before reports has none.
 */
import { DOCX, evidenceReport, type EvidenceReport } from '@app/contract';
import type { PaperResult } from '@app/paper';
import { evidenceFileKey, evidenceKeyOf, type Storage } from '../../storage/storage.ts';

/** Stores the report of the version `orderId` made; returns its key for the row that delivers it. */
export async function storeEvidence(storage: Storage, orderId: string, evidence: PaperResult['evidence']): Promise<string> {
  const key = evidenceKeyOf(orderId);
  await storage.put(evidenceFileKey(key, 'json'), Buffer.from(JSON.stringify(evidence.report)), 'application/json');
  await storage.put(evidenceFileKey(key, 'docx'), evidence.docx, DOCX);
  await storage.put(evidenceFileKey(key, 'pdf'), evidence.pdf, 'application/pdf');
  return key;
}

/** The stored report, checked on the way out: a damaged file fails here, not in a client. */
export async function readEvidence(storage: Storage, key: string): Promise<EvidenceReport> {
  return evidenceReport.parse(JSON.parse((await storage.get(evidenceFileKey(key, 'json'))).toString('utf8')));
}
