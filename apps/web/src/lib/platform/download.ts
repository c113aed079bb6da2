/**
 * Saves `content` as a file named `name` through the browser's download: text as a `type` file, a
 * Blob (an answer's body) as it is.
 */
export function downloadFile(name: string, type: string, content: string | Blob) {
  const url = URL.createObjectURL(
    typeof content === 'string' ? new Blob([content], { type }) : content,
  );
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The file name an answer's Content-Disposition gives, else `fallback`. */
export function attachmentName(headers: Headers, fallback: string): string {
  return /filename="?([^";]+)"?/.exec(headers.get('content-disposition') ?? '')?.[1] ?? fallback;
}
