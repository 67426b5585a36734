import { bridge } from '../../bridge';
import type { PickedFile } from '../../../shared/ipc';

/**
 * Chooses one file: in the desktop app through the main process's dialog, in browser mode through
 * the browser's own file input.
 */
export async function pickFile(extensions: readonly string[]): Promise<PickedFile> {
  const native = await bridge.invoke('pos:file-pick', { extensions: [...extensions] });
  return native.status === 'unsupported' ? browserPick(extensions) : native;
}

function browserPick(extensions: readonly string[]): Promise<PickedFile> {
  return new Promise((resolve) => {
    const input = Object.assign(document.createElement('input'), {
      type: 'file',
      accept: extensions.map((e) => `.${e}`).join(','),
    });
    input.setAttribute('data-testid', 'file-input');
    input.style.display = 'none';
    input.addEventListener('cancel', () => resolve({ status: 'cancelled' }));
    input.addEventListener('change', () => {
      const file = input.files?.[0];
      input.remove();
      if (!file) return resolve({ status: 'cancelled' });
      const reader = new FileReader();
      reader.onload = () =>
        resolve({
          status: 'picked',
          fileName: file.name,
          contentBase64: String(reader.result).replace(/^data:[^,]*,/, ''),
        });
      reader.onerror = () => resolve({ status: 'cancelled' });
      reader.readAsDataURL(file);
    });
    document.body.append(input);
    input.click();
  });
}
