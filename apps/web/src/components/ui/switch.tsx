import { Switch as SwitchPrimitive } from 'radix-ui';
import { cn } from '../../lib/cn';

export interface SwitchProps {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
  /** The switch's name when no visible <label> points at it. */
  'aria-label'?: string;
  'aria-describedby'?: string;
  id?: string;
  className?: string;
}

/** An on/off switch (role switch): Space or Enter flips it, like a click. */
export function Switch({ className, ...props }: SwitchProps) {
  return (
    <SwitchPrimitive.Root
      {...props}
      className={cn(
        'relative inline-flex h-5 w-9 shrink-0 cursor-pointer items-center rounded-full bg-zinc-300 transition-colors disabled:cursor-not-allowed disabled:opacity-50 data-[state=checked]:bg-indigo-600 dark:bg-zinc-700 dark:data-[state=checked]:bg-indigo-500',
        className,
      )}
    >
      <SwitchPrimitive.Thumb className="pointer-events-none block size-4 translate-x-0.5 rounded-full bg-white shadow-sm transition-transform data-[state=checked]:translate-x-[18px]" />
    </SwitchPrimitive.Root>
  );
}
