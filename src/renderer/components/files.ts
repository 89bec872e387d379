// Files between the operator's computer and the station: a picked file as base64 (the station reads its encoding,
// separator or sheet), and something the station made saved as a download (a Blob URL on an <a download>).

/** A picked file's bytes as base64. */
export function readAsBase64(file: File): Promise<string> {
  return new Promise((done, fail) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      done(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => fail(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

/** Base64 the station sent (a PDF) as a Blob to save or print. */
export function base64ToBlob(base64: string, type: string): Blob {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type });
}

/** Offers `blob` as a download named `name`; the URL is let go after a minute, once the browser has taken it. */
export function download(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
