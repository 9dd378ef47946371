import builtWithUrl from '../../assets/built-with.svg';

/** The 'Built with' badge shown top right on /coaching (SPEC §2). */
export function BuiltWithBadge() {
  return (
    <img
      src={builtWithUrl}
      alt="Built with Knap Studio"
      width={168}
      height={28}
      className="pointer-events-none absolute top-4 right-4 z-10 h-7 w-auto"
    />
  );
}
