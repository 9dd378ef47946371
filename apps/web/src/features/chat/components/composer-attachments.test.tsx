import type { TDocumentLimits } from '@knap/contracts';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { uploadDocument } from '../../documents/api';
import { useAttachments } from '../../documents/use-attachments';
import { Composer } from './composer';

vi.mock('../../documents/api', () => ({
  uploadDocument: vi.fn(),
  deleteDocument: vi.fn(async () => ({ success: true })),
}));
const upload = vi.mocked(uploadDocument);

const LIMITS: TDocumentLimits = {
  max_bytes: 1024 * 1024,
  max_pages: 500,
  max_cells: 200_000,
  kinds: ['pdf', 'csv'],
};

/** The chat's composer with files, sending the text and the attached documents' ids. */
function AttachingComposer({ onSend }: { onSend: (text: string, ids: string[]) => void }) {
  const [value, setValue] = useState('');
  const attachments = useAttachments(LIMITS);
  return (
    <Composer
      value={value}
      onChange={setValue}
      isSending={false}
      onSend={(text) => {
        onSend(
          text,
          attachments.documents.map((d) => d.id),
        );
        attachments.clear();
      }}
      attachments={{ state: attachments, limits: LIMITS }}
    />
  );
}

const fileOf = (name: string, bytes = 10) => new File([new Uint8Array(bytes)], name);
const attachedList = () => screen.getByRole('list', { name: 'Attached files' });
const fileInput = (container: HTMLElement) =>
  container.querySelector('input[type="file"]') as HTMLInputElement;

/** An upload that reports half its progress, then waits for the test to finish it. */
function heldUpload() {
  let finish: (id: string) => void = () => {};
  let fail: (error: Error) => void = () => {};
  upload.mockImplementationOnce(
    (file, onProgress) =>
      new Promise((resolve, reject) => {
        onProgress?.(0.5);
        finish = (id) =>
          resolve({
            id,
            filename: file.name,
            kind: 'pdf',
            size: file.size,
            pages: 1,
            passages: 1,
            has_text: true,
            client: null,
            created_at: '2026-11-26T09:00:00.000Z',
          });
        fail = reject;
      }),
  );
  return { finish: (id: string) => finish(id), fail: (error: Error) => fail(error) };
}

beforeEach(() => upload.mockReset());

describe('attaching files in the composer', () => {
  it('uploads several files with their progress, refuses what the limits exclude, and sends the ids', async () => {
    const onSend = vi.fn();
    const { container } = render(<AttachingComposer onSend={onSend} />);
    expect(screen.getByRole('button', { name: 'Attach files' }).title).toBe(
      'PDF or CSV files, up to 1 MB each',
    );

    const first = heldUpload();
    const second = heldUpload();
    // A file dialog offers only the accepted kinds; a drop or paste can bring any (applyAccept off).
    await userEvent
      .setup({ applyAccept: false })
      .upload(fileInput(container), [
        fileOf('statement.pdf'),
        fileOf('trades.csv'),
        fileOf('photo.exe'),
        fileOf('huge.pdf', 2 * 1024 * 1024),
      ]);

    const items = within(attachedList()).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'statement.pdfUploading 50%',
      'trades.csvUploading 50%',
      'photo.exephoto.exe cannot be attached: attach PDF or CSV files.',
      'huge.pdfhuge.pdf is larger than 1 MB: attach files up to 1 MB.',
    ]);
    expect(upload).toHaveBeenCalledTimes(2);
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'What changed?');
    // Nothing is sent while a file is on its way.
    expect((screen.getByRole('button', { name: 'Send message' }) as HTMLButtonElement).disabled).toBe(true);

    first.finish('doc-1');
    second.fail(new ApiError('The CSV file is damaged or not what its name says', 422, '', undefined));
    expect(await screen.findByText('The CSV file is damaged or not what its name says')).toBeTruthy();
    expect(within(attachedList()).getByText('Attached')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(onSend).toHaveBeenCalledExactlyOnceWith('What changed?', ['doc-1']);
    expect(screen.queryByRole('list', { name: 'Attached files' })).toBeNull();
  });

  it('takes files dropped on the composer or pasted into the box, and one can be removed', async () => {
    render(<AttachingComposer onSend={vi.fn()} />);
    heldUpload();
    heldUpload();
    const box = screen.getByRole('textbox', { name: 'Message' });
    fireEvent.paste(box, { clipboardData: { files: [fileOf('pasted.pdf')], types: ['Files'] } });
    fireEvent.drop(box, { dataTransfer: { files: [fileOf('dropped.csv')], types: ['Files'] } });

    expect(within(attachedList()).getAllByRole('listitem')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Remove pasted.pdf' }));
    expect(
      within(attachedList())
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['dropped.csvUploading 50%']);
  });

  it('takes a pasted screenshot and offers images in the file dialog when the server takes them', async () => {
    const withImages: TDocumentLimits = { ...LIMITS, kinds: ['pdf', 'png', 'jpeg'] };
    function ImageComposer() {
      const attachments = useAttachments(withImages);
      return (
        <Composer
          value=""
          onChange={() => {}}
          isSending={false}
          onSend={() => {}}
          attachments={{ state: attachments, limits: withImages }}
        />
      );
    }
    const { container } = render(<ImageComposer />);
    expect(fileInput(container).accept).toBe('.pdf,.png,.jpg,.jpeg,image/png,image/jpeg');
    expect(screen.getByRole('button', { name: 'Attach files' }).title).toBe(
      'PDF, PNG, or JPEG files, up to 1 MB each',
    );
    const shot = heldUpload();
    // A screenshot pasted from the clipboard arrives as a file named image.png.
    fireEvent.paste(screen.getByRole('textbox', { name: 'Message' }), {
      clipboardData: {
        files: [new File([new Uint8Array(8)], 'image.png', { type: 'image/png' })],
        types: ['Files'],
      },
    });
    fireEvent.drop(screen.getByRole('textbox', { name: 'Message' }), {
      dataTransfer: { files: [fileOf('chart.webp')], types: ['Files'] },
    });
    expect(upload).toHaveBeenCalledTimes(1);
    expect(upload.mock.calls[0]![0].name).toBe('image.png');
    shot.finish('img-1');
    expect(await within(attachedList()).findByText('Attached')).toBeTruthy();
    expect(
      within(attachedList())
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'image.pngAttached',
      'chart.webpchart.webp cannot be attached: attach PDF, PNG, or JPEG files.',
    ]);
  });
});
