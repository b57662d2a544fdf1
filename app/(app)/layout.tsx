export default function AppLayout({ children }: { children: React.ReactNode }) {
  return <main id="main" className="mx-auto max-w-7xl p-4">{children}</main>;
}
