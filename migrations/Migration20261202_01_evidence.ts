import { Migration } from '@mikro-orm/migrations';

/**
 * «Отчёт об источниках» of every delivered version and a supervisor's read-only links. A paper
 * (a demo, a full paper as delivered) and each version keep where their report's files are: a
 * prefix, the files being `<prefix>.json`, `.docx` and `.pdf` (null: delivered before reports).
 * A link shows one version of one paper to whoever holds its token, of which only the SHA-256 is
 * stored; it expires, can be revoked, counts its openings, and goes with its paper.
 */
export class Migration20261202_01_evidence extends Migration {
  override up(): void {
    this.addSql(`
      alter table papers add column evidence_key text;
      alter table paper_versions add column evidence_key text;

      create table share_links (
        id serial primary key,
        paper_id int not null references papers (id) on delete cascade,
        version int check (version >= 1),
        token_hash text not null unique,
        created_at timestamptz not null default now(),
        expires_at timestamptz not null,
        revoked_at timestamptz,
        openings int not null default 0,
        last_opened_at timestamptz
      );
      create index share_links_paper_idx on share_links (paper_id, created_at desc);
    `);
  }
}
