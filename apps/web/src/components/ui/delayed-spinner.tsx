import { SPINNER_DELAY_MS } from '@knap/contracts';
import { useEffect, useState } from 'react';
import { cn } from '../../lib/cn';
import { Spinner } from './spinner';

export interface DelayedSpinnerProps {
  label?: string;
  /** Centre it in the whole viewport instead of the parent. */
  fullScreen?: boolean;
  delayMs?: number;
}

/** Shows nothing for fast loads, a spinner only once waiting becomes noticeable (SPEC §9). */
export function DelayedSpinner({
  label,
  fullScreen = false,
  delayMs = SPINNER_DELAY_MS,
}: DelayedSpinnerProps) {
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);

  if (!visible) return null;
  return (
    <div className={cn('flex items-center justify-center p-8', fullScreen ? 'min-h-dvh' : 'h-full')}>
      <Spinner label={label} />
    </div>
  );
}
