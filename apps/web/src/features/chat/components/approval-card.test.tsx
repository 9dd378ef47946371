import type { ToolPart, TReplyApproval } from '@knap/contracts';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { ApprovalCard } from './approval-card';

const EMAIL = { to: 'anna@example.com', subject: 'The Q3 review', body: 'Hi Anna' };
const part = {
  type: 'tool-send_email',
  toolCallId: 'call-1',
  state: 'approval-requested',
  input: EMAIL,
  approval: { id: 'approval-1' },
} as unknown as ToolPart;
const record: TReplyApproval = {
  tool_call_uuid: 'call-1',
  tool: 'send_email',
  input: EMAIL,
  credit_cost: 1,
  status: 'pending',
  editable_fields: ['to', 'subject', 'body'],
};

describe('ApprovalCard', () => {
  it('scrolls itself into view and lets an email be edited: the edits go with Approve', async () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    const onDecide = vi.fn(async () => {});
    render(<ApprovalCard part={part} record={record} onDecide={onDecide} />);
    expect(scrolled).toHaveBeenCalledWith({ block: 'nearest' });

    const subject = screen.getByLabelText('Subject') as HTMLInputElement;
    expect(subject.value).toBe('The Q3 review');
    await userEvent.clear(subject);
    await userEvent.type(subject, 'Your Q3 review');
    await userEvent.type(screen.getByLabelText('Body'), ', see you soon');
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(onDecide).toHaveBeenCalledWith(true, { subject: 'Your Q3 review', body: 'Hi Anna, see you soon' });
  });

  it('approves unchanged fields without edits, and denies without them', async () => {
    const onDecide = vi.fn(async () => {});
    render(<ApprovalCard part={part} record={record} onDecide={onDecide} />);
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(onDecide).toHaveBeenLastCalledWith(true, undefined);
    await userEvent.type(screen.getByLabelText('To'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Deny' }));
    expect(onDecide).toHaveBeenLastCalledWith(false, undefined);
  });

  it("shows the server's refusal under the field it names", async () => {
    const detail = 'Invalid body.input.to: Invalid email address';
    const onDecide = vi.fn(async () => {
      throw new ApiError(detail, 422, 'Unprocessable Entity', detail);
    });
    render(<ApprovalCard part={part} record={record} onDecide={onDecide} />);
    const to = screen.getByLabelText('To');
    await userEvent.clear(to);
    await userEvent.type(to, 'not-an-address');
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(to.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Invalid email address')).toBeTruthy();
  });

  it('a tool without editable fields shows its arguments as text', () => {
    render(
      <ApprovalCard
        part={{ ...part, type: 'tool-wealthbox_add_note', input: { content: 'Note' } } as unknown as ToolPart}
        record={{ ...record, tool: 'wealthbox_add_note', editable_fields: undefined }}
        onDecide={async () => {}}
      />,
    );
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByText('Note')).toBeTruthy();
  });
});
