import { NotFoundState } from "@/components/not-found/not-found-state";

// Inside the signed-in shell (the layout has already required a session): the way back is the overview.
export default function NotFound() {
  return (
    <div className="py-8 sm:py-12">
      <NotFoundState signedIn />
    </div>
  );
}
