import fs from 'node:fs';
import type { MeterLine } from '../../src/server/firebase/firestoreMeter';
import { isSharedDocument } from '../../src/server/firebase/sharedDocuments';

/**
 * What the write meter's lines (src/server/firebase/firestoreMeter.ts, one file an instance) say: the busiest
 * document, shared by players or not, by its writes in any 10 s and any 1 s, and the writes and reads in a span of time.
 */
export interface DocumentPeak {
  path: string;
  /** The most writes it took in any 10 s. */
  in10s: number;
  /** The most writes it took in any 1 s. */
  in1s: number;
}

export interface MeterFigures {
  writes: number;
  reads: number;
  /** The busiest document that many players' requests write (isSharedDocument), or null when none was written. */
  busiestShared: DocumentPeak | null;
  /** The busiest document of all (a player's own may take a few writes a purchase). */
  busiest: DocumentPeak | null;
  /** Shared documents over `limit10s` writes in some 10 s, busiest first. */
  over: DocumentPeak[];
  /** Writes and reads by what asked for them (a route, a job), most writes first. */
  byOrigin: Array<{ origin: string; writes: number; reads: number }>;
}

/** Every line of the meter files given (a file not written yet reads as none). */
export function readMeterLines(files: string[]): MeterLine[] {
  return files.flatMap((file) =>
    fs.existsSync(file)
      ? fs
          .readFileSync(file, 'utf8')
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as MeterLine)
      : [],
  );
}

/** The most of sorted times `times` within any window of `windowMs`. */
export function peakIn(times: number[], windowMs: number): number {
  let peak = 0;
  for (let first = 0, last = 0; last < times.length; last += 1) {
    while (times[last]! - times[first]! >= windowMs) first += 1;
    peak = Math.max(peak, last - first + 1);
  }
  return peak;
}

/** The figures of the lines from `from` to `to` (ms, both in); `limit10s` is what a shared document may take in 10 s. */
export function meterFigures(lines: MeterLine[], { from = 0, to = Number.POSITIVE_INFINITY, limit10s = 10 } = {}): MeterFigures {
  const inSpan = lines.filter((line) => line.t >= from && line.t <= to);
  const writesOf = new Map<string, number[]>();
  const origins = new Map<string, { origin: string; writes: number; reads: number }>();
  let writes = 0;
  let reads = 0;
  for (const line of inSpan) {
    reads += line.r ?? 0;
    const origin = origins.get(line.o) ?? { origin: line.o, writes: 0, reads: 0 };
    origin.reads += line.r ?? 0;
    origin.writes += line.w?.length ?? 0;
    origins.set(line.o, origin);
    for (const path of line.w ?? []) {
      writes += 1;
      const times = writesOf.get(path) ?? [];
      times.push(line.t);
      writesOf.set(path, times);
    }
  }
  const peaks = [...writesOf].map(([path, times]) => {
    times.sort((a, b) => a - b);
    return { path, in10s: peakIn(times, 10_000), in1s: peakIn(times, 1_000) };
  });
  peaks.sort((a, b) => b.in10s - a.in10s || b.in1s - a.in1s);
  const shared = peaks.filter((peak) => isSharedDocument(peak.path));
  const byOrigin = [...origins.values()].sort((a, b) => b.writes - a.writes || b.reads - a.reads);
  return { writes, reads, busiestShared: shared[0] ?? null, busiest: peaks[0] ?? null, over: shared.filter((peak) => peak.in10s > limit10s), byOrigin };
}

/** One line: the busiest shared document's peak, as npm run scale and npm run bench print it. */
export function busiestLine({ busiestShared, busiest }: MeterFigures): string {
  const peak = (document: DocumentPeak | null) => (document ? `${document.path}: ${document.in10s} writes in its busiest 10 s, ${document.in1s} in its busiest second` : 'none written');
  return `Busiest document shared by players: ${peak(busiestShared)}. Busiest of all: ${peak(busiest)}.`;
}

/** The writes and reads of each origin per purchase, as lines (`purchases` made in the span the figures cover). */
export function perPurchaseLines({ byOrigin, writes, reads }: MeterFigures, purchases: number): string[] {
  const each = (count: number) => (count / purchases).toFixed(2).padStart(7);
  return [
    `  ${'what asked'.padEnd(44)}${'writes'.padStart(7)}${'reads'.padStart(7)}  (a purchase, over ${purchases})`,
    ...byOrigin.map(({ origin, writes: w, reads: r }) => `  ${origin.padEnd(44)}${each(w)}${each(r)}`),
    `  ${'all'.padEnd(44)}${each(writes)}${each(reads)}`,
  ];
}
