// An image setting (the avatar, the chat button's logo): the person picks a file, it is
// checked here (an image, at most 2 MB), uploaded through the API's pre-upload URL, shown as a
// thumbnail, and its file ID becomes the setting's value, saved with the other settings.
import { ApiError, post } from '../api.ts';
import { h } from '../dom.ts';
import { errorText } from './view.ts';

export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];

interface PreUpload {
  FileStoreId: string;
  PreUploadUrl: string;
}

/** Why a chosen file cannot be the image, or '' when it can. */
export function imageProblem(file: { name: string; type: string; size: number }): string {
  if (!IMAGE_TYPES.includes(file.type)) return `${file.name} is not an image: choose a PNG, JPEG, WebP or GIF file.`;
  if (file.size > MAX_IMAGE_BYTES)
    return `${file.name} is ${(file.size / 1024 / 1024).toFixed(1)} MB: choose an image of 2 MB or less.`;
  return '';
}

async function upload(file: File): Promise<string> {
  const pre = await post<PreUpload>('/chat/User/GetPreUploadUrl', { fileName: file.name });
  // The URL names the server's public address; the console sends it to the address it is on.
  const target = new URL(pre.PreUploadUrl);
  const res = await fetch(target.pathname + target.search, { method: 'PUT', body: file });
  const body = (await res.json().catch(() => null)) as { Success?: boolean; Message?: string } | null;
  if (!body?.Success) throw new Error(body?.Message ?? `the upload failed (${res.status})`);
  return pre.FileStoreId;
}

/**
 * The controls for `input` (the setting's value, a file ID, kept out of sight); `label` names
 * the file picker. Changing the image fires an input event on the setting's form.
 */
export function imageExtras(input: HTMLInputElement, label: string): HTMLElement {
  const id = input.id;
  const picker = h('input', {
    type: 'file',
    id: `${id}-file`,
    accept: IMAGE_TYPES.join(','),
    'aria-describedby': `${id}-help ${id}-upload`,
  });
  const thumb = h('img', { class: 'thumb', alt: `${label}: the chosen image`, hidden: true });
  const message = h('p', { class: 'error', id: `${id}-upload`, role: 'alert' });
  const status = h('span', { role: 'status', class: 'muted' });
  const clear = h('button', { type: 'button', class: 'secondary' }, `Remove ${label.toLowerCase()}`);

  const show = (src: string) => {
    thumb.hidden = !src;
    if (src) thumb.src = src;
    else thumb.removeAttribute('src');
    clear.hidden = !src;
  };
  const setValue = (value: string) => {
    input.value = value;
    input.dispatchEvent(new Event('input', { bubbles: true }));
  };
  // The saved image is served publicly while this chatbot shows it.
  show(input.value ? `/files/${encodeURIComponent(input.value)}/image` : '');

  picker.addEventListener('change', async () => {
    message.textContent = '';
    status.textContent = '';
    const file = picker.files?.[0];
    if (!file) return;
    const problem = imageProblem(file);
    if (problem) {
      message.textContent = problem;
      picker.value = '';
      return;
    }
    status.textContent = 'Uploading…';
    try {
      const fileId = await upload(file);
      show(URL.createObjectURL(file));
      setValue(fileId);
      status.textContent = 'Uploaded: save to use it.';
    } catch (x) {
      status.textContent = '';
      message.textContent = x instanceof ApiError ? x.message : errorText(x);
      picker.value = '';
    }
  });
  clear.addEventListener('click', () => {
    show('');
    picker.value = '';
    status.textContent = 'Removed: save to apply.';
    setValue('');
  });
  return h(
    'div',
    { class: 'image-setting' },
    h('label', { for: picker.id }, label),
    thumb,
    picker,
    status,
    clear,
    message,
  );
}
