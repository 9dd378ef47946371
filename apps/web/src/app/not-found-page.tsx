import { Link } from 'react-router';
import { buttonClasses } from '../components/ui/button';
import { Logo } from '../components/ui/logo';

export function NotFoundPage() {
  return (
    // Inside the shell's <main> (one per page), so a plain container.
    <div className="flex min-h-full flex-col items-center justify-center gap-6 bg-zinc-50 p-6 text-center dark:bg-zinc-950">
      <Logo />
      <div>
        <p className="font-semibold text-indigo-600 text-sm dark:text-indigo-400">404</p>
        <h1 className="mt-2 font-semibold text-2xl text-zinc-900 tracking-tight dark:text-zinc-50">
          Page not found
        </h1>
        <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
          The page you are looking for does not exist or has moved.
        </p>
      </div>
      <Link to="/chat" className={buttonClasses('primary')}>
        Back to chat
      </Link>
    </div>
  );
}
