/** Saves `text` as a file the browser downloads, named `name`: a link to it, clicked, and let go. */
export function saveTextFile(text: string, name: string, type: string): void {
  saveFile(new Blob([text], { type }), name);
}

/** Saves `blob` as a file the browser downloads, named `name`. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its copy: the blob's address can go once the click was handled.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
