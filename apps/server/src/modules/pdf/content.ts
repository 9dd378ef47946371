// What a PDF shows and what the worker is given and gives back: plain data only, so it crosses to
// the worker thread as it is.
import type { TRoadmap } from '@knap/contracts';

export type PdfBlock =
  /** A section heading with a rule under it. */
  | { kind: 'heading'; text: string }
  /** Paragraphs, '- ' or '* ' bullets, '1. ' numbered items, '## ' subheadings and **bold**. */
  | { kind: 'markdown'; text: string }
  | { kind: 'table'; columns: string[]; rows: string[][] }
  | {
      kind: 'bars';
      title?: string;
      series: Array<{ label: string; value: number }>;
      format?: 'usd' | 'percent' | 'number';
    };

export interface PdfDocumentSpec {
  title: string;
  subtitle?: string;
  /** The stored file's name, e.g. `client_review.pdf`. */
  filename: string;
  blocks: PdfBlock[];
}

/** What a PDF shows. */
export type PdfContent =
  | { kind: 'roadmap'; roadmap: TRoadmap }
  | { kind: 'document'; spec: PdfDocumentSpec; author: string };

/** What to render: the content, the day its cover shows, and an ISO time for the PDF's info. */
export type RenderJob = PdfContent & { date: string; createdAt: string };

/** The PDF's bytes, or 'too-many-pages' when it grew past PDF_MAX_PAGES and was abandoned. */
export type RenderResult = Uint8Array | 'too-many-pages';
