/** Placeholder until the notes pages land (engineer notes-client owns this file). */
export default function AdminReviewPage() {
  return <section aria-busy="true" style={{ minHeight: '60vh' }} />;
}
