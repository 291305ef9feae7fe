import { Migration } from '@mikro-orm/migrations';

/** The library: scholarly records harvested over OAI-PMH (and the development collection), with
 * full-text search over Russian and English, and the state of each endpoint's harvest so that a
 * killed harvest resumes where it stopped. */
export class Migration20261126_03_library extends Migration {
  override up(): void {
    this.addSql(`
      -- Generated columns need an immutable expression; array_to_string is only stable, so the
      -- search vector is built by one function declared immutable (it is: fixed configurations).
      create function library_search_vector(title text, subtitle text, keywords text[], abstract text) returns tsvector
      language sql immutable parallel safe as $$
        select
          setweight(to_tsvector('russian', coalesce(title, '') || ' ' || coalesce(subtitle, '')), 'A') ||
          setweight(to_tsvector('english', coalesce(title, '') || ' ' || coalesce(subtitle, '')), 'A') ||
          setweight(to_tsvector('russian', coalesce(array_to_string(keywords, ' '), '')), 'B') ||
          setweight(to_tsvector('english', coalesce(array_to_string(keywords, ' '), '')), 'B') ||
          setweight(to_tsvector('russian', coalesce(abstract, '')), 'C') ||
          setweight(to_tsvector('english', coalesce(abstract, '')), 'C')
      $$;

      -- Title and keywords alone: most searches are answered from these, and this vector is small
      -- enough to rank thousands of matches within the latency target.
      create function library_head_vector(title text, subtitle text, keywords text[]) returns tsvector
      language sql immutable parallel safe as $$
        select
          setweight(to_tsvector('russian', coalesce(title, '') || ' ' || coalesce(subtitle, '')), 'A') ||
          setweight(to_tsvector('english', coalesce(title, '') || ' ' || coalesce(subtitle, '')), 'A') ||
          setweight(to_tsvector('russian', coalesce(array_to_string(keywords, ' '), '')), 'B') ||
          setweight(to_tsvector('english', coalesce(array_to_string(keywords, ' '), '')), 'B')
      $$;

      create table library_records (
        id bigint generated always as identity primary key,
        -- The repository it was first harvested from ('cyberleninka', ...), or 'dev-collection'.
        origin text not null,
        doi text check (doi = lower(doi)),
        -- Normalised title | first author's surname | year: the same work from two repositories.
        dedupe_key text not null unique,
        authors text[] not null default '{}',
        title text not null,
        subtitle text,
        journal text,
        publisher text,
        place text,
        year int,
        volume text,
        issue text,
        pages text,
        language text,
        keywords text[] not null default '{}',
        abstract text,
        url text,
        pdf_url text,
        -- Said of the record to whoever shows it (the development collection says what it is).
        note text,
        datestamp timestamptz,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now(),
        search tsvector generated always as (library_search_vector(title, subtitle, keywords, abstract)) stored,
        search_head tsvector generated always as (library_head_vector(title, subtitle, keywords)) stored
      );
      create unique index library_records_doi_key on library_records (doi) where doi is not null;
      create index library_records_search_idx on library_records using gin (search);
      create index library_records_search_head_idx on library_records using gin (search_head);
      create index library_records_origin_idx on library_records (origin);

      -- Every repository record that is (part of) a library record: a work found in two
      -- repositories is one library record with two entries; it goes when the last one is deleted.
      create table library_record_sources (
        origin text not null,
        oai_identifier text not null,
        record_id bigint not null references library_records (id) on delete cascade,
        datestamp timestamptz,
        primary key (origin, oai_identifier)
      );
      create index library_record_sources_record_idx on library_record_sources (record_id);

      create table library_harvests (
        -- The endpoint's address and set: one list per pair.
        endpoint_key text primary key,
        origin text not null,
        url text not null,
        set_spec text,
        granularity text,
        -- The list being harvested: the token of its next page, the 'from' it started with, and the
        -- newest datestamp seen in it so far. Null token: no list in progress.
        resumption_token text,
        list_from text,
        list_max_datestamp text,
        list_pages int not null default 0,
        list_records int not null default 0,
        -- Every record up to this datestamp has been harvested; the next list starts from it.
        harvested_until text,
        started_at timestamptz,
        finished_at timestamptz,
        last_error text,
        updated_at timestamptz not null default now()
      );
    `);
  }
}
