import { useNavigation } from "@remix-run/react";

/** Shown while the next page loads; it fades in after a moment so quick navigations do not flash. */
export function LoadingIndicator() {
  const navigation = useNavigation();
  if (navigation.state !== "loading") return null;
  return (
    <div className="loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>Loading, please wait...</span>
    </div>
  );
}
