// What a document editor (plan, client review, newsletter, briefing) does with its saved document:
// actions that read the saved document save the draft first (autosave's flush) and stop with the
// editor's own 'save first' text when it cannot be saved; Export PDF makes the PDF from the saved
// document into the user's PDFs (so it is in the Library too), and Download saves it, a failure
// said in a toast.
import { PDF_PATHS, type TPdfInfo } from '@knap/contracts';
import { useState } from 'react';
import { toast } from 'sonner';
import { downloadFile } from './download';

export interface DocumentActionsOptions {
  /** Saves the draft now; false when it could not be saved. */
  flush: () => Promise<boolean>;
  /** Shown when the draft could not be saved, e.g. 'Fix the highlighted inputs first: …'. */
  saveFirst: string;
  /** Makes the saved document's PDF. */
  makePdf: () => Promise<TPdfInfo>;
  /** A failure to show from the start, e.g. the model's when the document was just made. */
  initialError?: string | null;
}

export interface DocumentActions {
  /** The last action's failure, shared by the editor's actions; null when it worked. */
  error: string | null;
  setError: (error: string | null) => void;
  /** The PDF the last export made. */
  pdf: TPdfInfo | null;
  setPdf: (pdf: TPdfInfo | null) => void;
  isExporting: boolean;
  isDownloading: boolean;
  /** Saves the draft, then runs `action`; false, with the 'save first' error, when it could not save. */
  whenSaved: (action: () => unknown) => Promise<boolean>;
  /** Makes the PDF of the saved document; null, with the error set, when that failed. */
  makePdf: () => Promise<TPdfInfo | null>;
  /** Saves, then makes the PDF and keeps it as `pdf`. */
  exportPdf: () => Promise<void>;
  download: (pdf: TPdfInfo) => Promise<void>;
}

export function useDocumentActions({
  flush,
  saveFirst,
  makePdf,
  initialError = null,
}: DocumentActionsOptions): DocumentActions {
  const [error, setError] = useState<string | null>(initialError);
  const [pdf, setPdf] = useState<TPdfInfo | null>(null);
  const [isExporting, setExporting] = useState(false);
  const [isDownloading, setDownloading] = useState(false);

  const whenSaved = async (action: () => unknown) => {
    setError(null);
    if (!(await flush())) {
      setError(saveFirst);
      return false;
    }
    await action();
    return true;
  };

  const makeThePdf = async () => {
    setExporting(true);
    try {
      return await makePdf();
    } catch (err) {
      setError(err instanceof Error ? err.message : 'The PDF could not be made');
      return null;
    } finally {
      setExporting(false);
    }
  };

  const exportPdf = async () => {
    await whenSaved(async () => {
      const made = await makeThePdf();
      if (made) setPdf(made);
    });
  };

  const download = async (file: TPdfInfo) => {
    setDownloading(true);
    try {
      await downloadFile(PDF_PATHS.pdf(file.id), file.filename);
    } catch (err) {
      toast.error(err instanceof Error ? err.message : 'The PDF could not be downloaded');
    } finally {
      setDownloading(false);
    }
  };

  return {
    error,
    setError,
    pdf,
    setPdf,
    isExporting,
    isDownloading,
    whenSaved,
    makePdf: makeThePdf,
    exportPdf,
    download,
  };
}
