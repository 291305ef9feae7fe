/** A generated paper: its text lives in the .docx/.pdf in storage; here are its metadata. */
import { defineEntity, p, type InferEntity } from '@mikro-orm/postgresql';
import type { PaperOptions, PaperOriginality, PaperSource, PaperType, Tariff } from '@app/contract';
import type { NormocontrolReport, Outline } from '@app/paper';
import { User } from '../accounts/entities.ts';

export type StoredPaperSource = PaperSource & { attached_index?: number };

export const Paper = defineEntity({
  name: 'Paper',
  tableName: 'papers',
  properties: {
    id: p.integer().primary(),
    user: () => p.manyToOne(User).deleteRule('cascade'),
    type: p.string().$type<PaperType>(),
    tariff: p.string().$type<Tariff>(),
    title: p.string(),
    annotation: p.string().default(''),
    keywords: p.json<string[]>().default('[]'),
    /** '1. Chapter' -> ['1.1 Subchapter', ...] as the API returns it. */
    structure: p.json<Record<string, string[]>>(),
    options: p.json<PaperOptions>(),
    /** The engine's outline, so that a full paper bought from this demo keeps title and structure.
     * Read it with storedOutline (generation/stored-paper.ts), which checks it. */
    outline: p.json<Outline>().nullable(),
    docxKey: p.string().nullable(),
    pdfKey: p.string().nullable(),
    pageCount: p.integer().nullable(),
    normocontrol: p.json<NormocontrolReport>().nullable(),
    /** The list of sources as the preview page shows it (paperSource of the contract); a user's file
     * also keeps its place among the order's files, for its download. */
    sources: p.json<StoredPaperSource[]>().default('[]'),
    /** The originality report as the preview page shows it (paperOriginality of the contract). */
    originality: p.json<PaperOriginality>().nullable(),
    /** «Отчёт об источниках»: the prefix of its files (`<key>.json`, `.docx`, `.pdf`); null for a paper delivered before reports. */
    evidenceKey: p.string().nullable(),
    sourcePaper: () => p.manyToOne(Paper).nullable().deleteRule('set null'),
    /** Set when the full version was paid for; only then is the .docx downloadable. */
    paidAt: p.datetime().nullable(),
    /** The order that produced it (one paper per order). */
    orderId: p.uuid().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type Paper = InferEntity<typeof Paper>;
