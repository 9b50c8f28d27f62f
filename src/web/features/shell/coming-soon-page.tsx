// PLACEHOLDER — replaced by the helper that owns this feature.
export default function Placeholder() {
  return <main>coming-soon-page</main>;
}
