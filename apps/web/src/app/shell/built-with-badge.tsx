import builtWithUrl from '../../assets/built-with.svg';
import { LAYER } from '../../components/ui/layers';
import { cn } from '../../lib/cn';

/** The 'Built with' badge shown top right on /coaching (SPEC §2). */
export function BuiltWithBadge() {
  return (
    <img
      src={builtWithUrl}
      alt="Built with Knap Studio"
      width={168}
      height={28}
      className={cn(LAYER.raised, 'pointer-events-none absolute top-4 right-4 h-7 w-auto')}
    />
  );
}
