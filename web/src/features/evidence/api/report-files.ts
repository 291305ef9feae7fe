/** Where the report's files are: the owner's (of the version the preview shows) and a link's. */
import { env } from '@/config/env';

export interface ReportFiles {
  docx: string;
  pdf: string;
}

export const paperReportFiles = (paperId: number): ReportFiles => ({
  docx: `${env.apiUrl}/api/v1/papers/${paperId}/evidence.docx`,
  pdf: `${env.apiUrl}/api/v1/papers/${paperId}/evidence.pdf`,
});

const shared = (token: string) => `${env.apiUrl}/api/v1/shared/${encodeURIComponent(token)}`;

export const sharedReportFiles = (token: string): ReportFiles => ({
  docx: `${shared(token)}/evidence.docx`,
  pdf: `${shared(token)}/evidence.pdf`,
});

/** The PDF of a link's version. */
export const sharedPaperPdf = (token: string) => `${shared(token)}/paper.pdf`;
