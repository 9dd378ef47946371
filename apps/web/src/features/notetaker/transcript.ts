// Transcript files in (which ones are accepted, as what) and transcript text out (speaker turns).
import { TRANSCRIPT_MAX_CHARS } from '@knap/contracts';
import type { TranscriptFormat } from './api';
import { MEETING_COPY } from './copy';

/** The server's limit (a zod-free constant of the contracts). */
export const TRANSCRIPT_MAX_LENGTH = TRANSCRIPT_MAX_CHARS;

/** What the file input offers, and the format each ending is sent as. */
export const TRANSCRIPT_FILE_TYPES: Record<string, TranscriptFormat> = {
  '.vtt': 'vtt',
  '.srt': 'srt',
  '.txt': 'text',
};
export const TRANSCRIPT_ACCEPT = Object.keys(TRANSCRIPT_FILE_TYPES).join(',');

export function transcriptFormatOf(fileName: string): TranscriptFormat | null {
  const dot = fileName.lastIndexOf('.');
  if (dot < 0) return null;
  return TRANSCRIPT_FILE_TYPES[fileName.slice(dot).toLowerCase()] ?? null;
}

export type TranscriptFile = { format: TranscriptFormat; content: string } | { error: string };

/** Reads a chosen file, refusing what the server would refuse (wrong type, empty, too long). */
export async function readTranscriptFile(file: File): Promise<TranscriptFile> {
  const format = transcriptFormatOf(file.name);
  if (!format) return { error: MEETING_COPY.wrongFileType };
  const content = await file.text();
  if (!content.trim()) return { error: MEETING_COPY.emptyFile };
  if (content.length > TRANSCRIPT_MAX_LENGTH) return { error: MEETING_COPY.tooLong(TRANSCRIPT_MAX_LENGTH) };
  return { format, content };
}

export interface TranscriptTurn {
  speaker: string | null;
  text: string;
}

/** 'Speaker: words' (a name, not a clock time like '10:30'), up to a sensible name length. */
const SPEAKER_LINE = /^([^\d:\s][^:]{0,79}):\s+(.*)$/;

/** The server's transcript is 'Speaker: words' lines; a line without a speaker keeps none. */
export function transcriptTurns(transcript: string): TranscriptTurn[] {
  const turns: TranscriptTurn[] = [];
  for (const raw of transcript.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    const match = SPEAKER_LINE.exec(line);
    turns.push(match ? { speaker: match[1]!.trim(), text: match[2]! } : { speaker: null, text: line });
  }
  return turns;
}
