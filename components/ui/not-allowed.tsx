/**
 * A page a role may not open: its title and why, in place of the content.
 * A convenience only: the page's API routes refuse the role anyway.
 */
export function NotAllowed({ title, message }: { title: string; message: string }) {
  return (
    <div className="flex flex-col gap-2">
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p role="status" className="rounded-md border border-zinc-300 bg-zinc-50 p-4 text-sm dark:border-zinc-700 dark:bg-zinc-900">
        {message}
      </p>
    </div>
  );
}
