import { Upload } from 'lucide-react';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { MEETING_COPY } from '../copy';
import { useUploadTranscript } from '../queries';
import { readTranscriptFile, TRANSCRIPT_ACCEPT } from '../transcript';

/**
 * 'Upload transcript': a button that opens the file picker (the input itself is hidden and out of
 * the tab order, so there is one control to reach). The server's detail shows when it refuses.
 */
export function TranscriptUpload({ meetingId }: { meetingId: string }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const upload = useUploadTranscript();
  const [fileError, setFileError] = useState<string | null>(null);

  const onFileChosen = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // Cleared so choosing the same file again (after fixing it) is a change too.
    input.value = '';
    if (!file) return;
    upload.reset();
    setFileError(null);
    const read = await readTranscriptFile(file);
    if ('error' in read) setFileError(read.error);
    else upload.mutate({ meetingId, ...read });
  };

  const error = fileError ?? upload.error?.message;
  return (
    <div className="flex flex-col items-start gap-1.5">
      <Button
        variant="secondary"
        size="sm"
        onClick={() => inputRef.current?.click()}
        disabled={upload.isPending}
        aria-describedby={hintId}
      >
        <Upload aria-hidden="true" className="size-4" />
        {upload.isPending ? MEETING_COPY.uploading : MEETING_COPY.upload}
      </Button>
      <input
        ref={inputRef}
        type="file"
        accept={TRANSCRIPT_ACCEPT}
        aria-label={MEETING_COPY.fileLabel}
        tabIndex={-1}
        className="sr-only"
        onChange={(event) => void onFileChosen(event)}
      />
      <p id={hintId} className="text-xs text-zinc-500 dark:text-zinc-400">
        {MEETING_COPY.fileHint}
      </p>
      {error ? (
        <p role="alert" className="text-red-700 text-sm dark:text-red-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}
