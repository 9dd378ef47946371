// Uploaded transcripts (WebVTT, SRT or plain text) become one plain form: "Speaker: words" lines,
// consecutive lines of the same speaker joined. Anything that is not such a transcript is refused
// with a reason the user can act on.
import { MEETING_DETAIL, type TRANSCRIPT_FORMATS } from '@knap/contracts';
import { HttpError } from '../../platform/errors.js';

export type TranscriptFormat = (typeof TRANSCRIPT_FORMATS)[number];

const CUE_TIMING = /^(?:\d{1,2}:)?\d{2}:\d{2}[.,]\d{3}\s+-->\s+(?:\d{1,2}:)?\d{2}:\d{2}[.,]\d{3}/;
const SRT_INDEX = /^\d+$/;
/** WebVTT voice span: <v Ann Henderson>text</v> (the closing tag is optional). */
const VOICE = /^<v(?:\.[\w.-]+)?\s+([^>]+)>(.*?)(?:<\/v>)?$/;
const SPEAKER_PREFIX = /^([A-Z][\w .'-]{0,60}):\s+(.+)$/;

export function detectFormat(content: string): TranscriptFormat {
  const head = content.replace(/^\uFEFF/, '').trimStart();
  if (head.startsWith('WEBVTT')) return 'vtt';
  const lines = head.split(/\r?\n/, 4);
  if (SRT_INDEX.test(lines[0]?.trim() ?? '') && CUE_TIMING.test(lines[1]?.trim() ?? '')) return 'srt';
  return 'text';
}

interface Line {
  speaker: string | null;
  text: string;
}

const stripTags = (text: string) => text.replace(/<[^>]+>/g, '').trim();

function lineOf(raw: string): Line {
  const voice = VOICE.exec(raw);
  if (voice) return { speaker: voice[1]!.trim(), text: stripTags(voice[2] ?? '') };
  const clean = stripTags(raw);
  const prefixed = SPEAKER_PREFIX.exec(clean);
  return prefixed
    ? { speaker: prefixed[1]!.trim(), text: prefixed[2]!.trim() }
    : { speaker: null, text: clean };
}

/** The text lines of timed cues (VTT and SRT): numbers, timings, headers and notes dropped. */
function cueLines(content: string, format: 'vtt' | 'srt'): Line[] {
  const blocks = content.replace(/^\uFEFF/, '').split(/\r?\n\s*\r?\n/);
  const out: Line[] = [];
  let cues = 0;
  for (const block of blocks) {
    const lines = block
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter(Boolean);
    const timing = lines.findIndex((l) => CUE_TIMING.test(l));
    if (timing < 0) continue; // the WEBVTT header, NOTE and STYLE blocks
    cues += 1;
    for (const text of lines.slice(timing + 1)) out.push(lineOf(text));
  }
  if (cues === 0) throw new HttpError(422, MEETING_DETAIL.noCues(format));
  return out;
}

/**
 * The transcript as "Speaker: words" lines (unknown speakers keep the bare words). Refuses binary
 * content, a format that does not match the content, and transcripts with no words.
 */
export function normalizeTranscript(
  content: string,
  declared?: TranscriptFormat,
): { format: TranscriptFormat; text: string } {
  if (content.includes('\u0000')) throw new HttpError(422, MEETING_DETAIL.transcriptNotText);
  const format = declared ?? detectFormat(content);
  if (
    format === 'vtt' &&
    !content
      .replace(/^\uFEFF/, '')
      .trimStart()
      .startsWith('WEBVTT')
  )
    throw new HttpError(422, MEETING_DETAIL.webvttHeaderMissing);
  const lines =
    format === 'text'
      ? content
          .split(/\r?\n/)
          .map((l) => l.trim())
          .filter(Boolean)
          .map(lineOf)
      : cueLines(content, format);
  const merged: Line[] = [];
  for (const line of lines) {
    if (!line.text) continue;
    const last = merged.at(-1);
    if (last && line.speaker !== null && last.speaker === line.speaker)
      last.text = `${last.text} ${line.text}`;
    else merged.push({ ...line });
  }
  if (merged.length === 0) throw new HttpError(422, MEETING_DETAIL.noWords);
  return {
    format,
    text: merged.map((l) => (l.speaker ? `${l.speaker}: ${l.text}` : l.text)).join('\n'),
  };
}
