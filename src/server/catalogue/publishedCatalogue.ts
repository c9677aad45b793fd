import { shelfResponseAt } from '../../shared/catalogue';
import type { Logger } from '../lib/logger';
import type { CatalogueRepository } from './catalogueRepository';
import { STARTING_RECORD, type PublishedRecord } from './catalogueRules';

/** What the rest of the store reads of the catalogue. */
export interface CatalogueReader {
  /** This instance's copy (at most CATALOGUE_REFRESH_MS old): for what a page shows. */
  current(): PublishedRecord;
  /** The published catalogue as stored now (and taken up as the copy): for what an order charges. */
  read(): Promise<PublishedRecord>;
}

/** A catalogue that never changes (unit tests, and tools that run without Firestore). */
export const fixedCatalogue = (record: PublishedRecord = STARTING_RECORD): CatalogueReader => ({ current: () => record, read: async () => record });

/** A reader that asks Firestore each time, for tools that run once (the copy is the last read). */
export function storedCatalogue(repository: Pick<CatalogueRepository, 'published'>): CatalogueReader {
  let last = STARTING_RECORD;
  return { current: () => last, read: async () => (last = await repository.published()) };
}

/**
 * This instance's copy of the published catalogue, read again every CATALOGUE_REFRESH_MS (and at once after a publish
 * made here): the shop's pages and GET /api/catalogue answer from it without a read each. A payment reads the
 * published catalogue itself (startPayment), so an order never charges from a stale copy.
 */
export interface PublishedCatalogue extends CatalogueReader {
  /** Whether the copy was read from Firestore, reading it now if it was not yet (the instance is not ready before: it would show the starting packs). */
  loaded(): Promise<boolean>;
  /** Reads the published catalogue now; a failed read keeps the copy it has (and says so in the log). */
  refresh(): Promise<PublishedRecord>;
  /** Called with each new version this copy takes up. */
  onVersion(listener: (published: PublishedRecord) => void): void;
  stop(): void;
}

export function publishedCatalogue(repository: Pick<CatalogueRepository, 'published'>, refreshMs: number, log: Logger): PublishedCatalogue {
  let copy: PublishedRecord = STARTING_RECORD;
  let loaded = false;
  const listeners: Array<(published: PublishedRecord) => void> = [];
  const read = async () => {
    const stored = await repository.published();
    loaded = true;
    // Versions only go up: a slow read that answers after a newer one never takes the copy back.
    if (stored.version > copy.version) {
      copy = stored;
      log.info({ event: 'catalogue.version_taken', version: stored.version });
      for (const listener of listeners) listener(stored);
    }
    return stored;
  };
  const refresh = async () => {
    try {
      await read();
    } catch (error) {
      log.warn({ event: 'catalogue.refresh_failed', version: copy.version, reason: String(error) });
    }
    return copy;
  };
  void refresh();
  const timer = setInterval(() => void refresh(), refreshMs);
  timer.unref();
  return {
    current: () => copy,
    async loaded() {
      if (!loaded) await refresh();
      return loaded;
    },
    read,
    refresh,
    onVersion: (listener) => void listeners.push(listener),
    stop: () => clearInterval(timer),
  };
}

/** The pages' shelf source (../http/spa) over this instance's copy. */
export const shelfSourceOf = (published: PublishedCatalogue) => ({
  current: () => shelfResponseAt(published.current(), Date.now()),
  onChange: (listener: () => void) => published.onVersion(listener),
});
