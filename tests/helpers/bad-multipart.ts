/**
 * Multipart bodies a client can get wrong: each must be answered with a 400, never a 500.
 * The field is named `image` so the same bodies reach the upload route's file handling.
 */
export function malformedMultipartBodies(): Array<{
  name: string;
  headers: Record<string, string>;
  payload: string;
}> {
  const boundary = 'cut-off-boundary';
  const cutOff =
    `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n` +
    'Content-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\n0000';
  return [
    { name: 'no boundary', headers: { 'content-type': 'multipart/form-data' }, payload: 'x' },
    {
      name: 'an empty boundary',
      headers: { 'content-type': 'multipart/form-data; boundary=' },
      payload: 'x',
    },
    {
      name: 'a cut-off body',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: cutOff,
    },
  ];
}
