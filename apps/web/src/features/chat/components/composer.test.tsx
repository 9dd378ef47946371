import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Composer } from './composer';

function ControlledComposer({
  onSend,
  isSending = false,
}: {
  onSend: (text: string) => void;
  isSending?: boolean;
}) {
  const [value, setValue] = useState('');
  return <Composer value={value} onChange={setValue} onSend={onSend} isSending={isSending} />;
}

const textbox = () => screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;

describe('Composer', () => {
  it('sends the trimmed text on Enter', async () => {
    const onSend = vi.fn();
    render(<ControlledComposer onSend={onSend} />);

    await userEvent.type(textbox(), '  Hello there {Enter}');

    expect(onSend).toHaveBeenCalledExactlyOnceWith('Hello there');
  });

  it('starts a new line on Shift+Enter instead of sending', async () => {
    const onSend = vi.fn();
    render(<ControlledComposer onSend={onSend} />);

    await userEvent.type(textbox(), 'Line one{Shift>}{Enter}{/Shift}Line two');

    expect(onSend).not.toHaveBeenCalled();
    expect(textbox().value).toBe('Line one\nLine two');
  });

  it('sends with the Send button, which is disabled while the box is empty', async () => {
    const onSend = vi.fn();
    render(<ControlledComposer onSend={onSend} />);
    const send = screen.getByRole('button', { name: 'Send message' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);

    await userEvent.type(textbox(), '   ');
    expect(send.disabled).toBe(true);

    await userEvent.type(textbox(), 'Hi');
    await userEvent.click(send);
    expect(onSend).toHaveBeenCalledExactlyOnceWith('Hi');
  });

  it('is disabled while sending: no second send by button or Enter', async () => {
    const onSend = vi.fn();
    render(<Composer value="Pending" onChange={() => {}} onSend={onSend} isSending />);

    const send = screen.getByRole('button', { name: 'Send message' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    expect(textbox().readOnly).toBe(true);

    await userEvent.click(send);
    await userEvent.type(textbox(), '{Enter}');
    expect(onSend).not.toHaveBeenCalled();
    expect(textbox().value).toBe('Pending');
  });

  it('does not send while the chat is still loading', async () => {
    const onSend = vi.fn();
    render(<Composer value="Ready" onChange={() => {}} onSend={onSend} isSending={false} isDisabled />);
    expect((screen.getByRole('button', { name: 'Send message' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows Stop instead of Send while a reply is written, and calls onStop', async () => {
    const onStop = vi.fn();
    const onSend = vi.fn();
    render(<Composer value="Next" onChange={() => {}} onSend={onSend} isSending onStop={onStop} />);

    expect(screen.queryByRole('button', { name: 'Send message' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Stop' }));
    await userEvent.type(textbox(), '{Enter}');

    expect(onStop).toHaveBeenCalledTimes(1);
    expect(onSend).not.toHaveBeenCalled();
  });

  it('disables Stop while stopping', () => {
    render(
      <Composer value="" onChange={() => {}} onSend={() => {}} isSending onStop={() => {}} isStopping />,
    );
    expect((screen.getByRole('button', { name: 'Stop' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
