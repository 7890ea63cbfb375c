/** SPEC.md section 2: after signing in, only a note address (/post/{id}) is returned to. */
const RETURNABLE = /^\/post\/[^/?#]+$/;

export function returnPathOf(from: string | null | undefined): string | undefined {
  return from && RETURNABLE.test(from) ? from : undefined;
}
