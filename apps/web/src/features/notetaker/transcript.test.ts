import { describe, expect, it } from 'vitest';
import {
  readTranscriptFile,
  TRANSCRIPT_ACCEPT,
  TRANSCRIPT_MAX_LENGTH,
  transcriptFormatOf,
  transcriptTurns,
} from './transcript';

describe('transcriptFormatOf', () => {
  it('knows .vtt, .srt and .txt in any case, and nothing else', () => {
    expect(transcriptFormatOf('call.vtt')).toBe('vtt');
    expect(transcriptFormatOf('CALL.SRT')).toBe('srt');
    expect(transcriptFormatOf('notes.from.call.txt')).toBe('text');
    expect(transcriptFormatOf('call.docx')).toBeNull();
    expect(transcriptFormatOf('transcript')).toBeNull();
    expect(TRANSCRIPT_ACCEPT).toBe('.vtt,.srt,.txt');
  });
});

describe('readTranscriptFile', () => {
  it('reads an accepted file with its format', async () => {
    const file = new File(['WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nHi'], 'call.vtt');
    expect(await readTranscriptFile(file)).toEqual({
      format: 'vtt',
      content: 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nHi',
    });
  });

  it('refuses other file types, empty files and transcripts over the limit', async () => {
    expect(await readTranscriptFile(new File(['x'], 'call.pdf'))).toEqual({
      error: 'Choose a .vtt, .srt or .txt file.',
    });
    expect(await readTranscriptFile(new File(['  \n '], 'call.txt'))).toEqual({
      error: 'This file is empty.',
    });
    expect(await readTranscriptFile(new File(['a'.repeat(TRANSCRIPT_MAX_LENGTH + 1)], 'long.txt'))).toEqual({
      error: 'This transcript is longer than 1,000,000 characters.',
    });
    expect(await readTranscriptFile(new File(['a'.repeat(TRANSCRIPT_MAX_LENGTH)], 'max.txt'))).toMatchObject({
      format: 'text',
    });
  });
});

describe('transcriptTurns', () => {
  it("splits 'Speaker: words' lines and keeps speakerless lines", () => {
    expect(
      transcriptTurns(
        'Ann Henderson: Good morning.\r\n\nAdvisor: Shall we start?\njust words\n10:30 is fine',
      ),
    ).toEqual([
      { speaker: 'Ann Henderson', text: 'Good morning.' },
      { speaker: 'Advisor', text: 'Shall we start?' },
      { speaker: null, text: 'just words' },
      { speaker: null, text: '10:30 is fine' },
    ]);
  });

  it('keeps colons inside the words', () => {
    expect(transcriptTurns('Ann: Ratio is 60:40: stocks to bonds')).toEqual([
      { speaker: 'Ann', text: 'Ratio is 60:40: stocks to bonds' },
    ]);
  });
});
