import type { ReactNode } from 'react';
import { Tooltip } from 'antd';
import { skipToken } from '@reduxjs/toolkit/query';
import { useTranslation } from 'react-i18next';
import type { MediaFolder } from '../../../shared/api/files';
import { PLACEHOLDER_IMAGE } from '../../../shared/domain/constants';
import { api } from '../../api/base';
import { pickFile } from './pick-file';
import { useNotify } from '../hooks/use-notify';
import { useSubmit } from '../hooks/use-submit';

const PHOTO_EXTENSIONS = ['png', 'jpg', 'jpeg', 'webp'] as const;

/** A stored picture's path (`product/12/kite-….png`) as the download call wants it. */
function storedPath(image: string) {
  if (image.startsWith('/')) return null;
  const cut = image.lastIndexOf('/');
  return { filePath: image.slice(0, cut), fileName: image.slice(cut + 1) };
}

/**
 * A product's, package's or kid's picture (the placeholder until one is uploaded). Where the user may edit
 * the item, clicking the picture chooses a new photo.
 */
export function ItemImage(props: {
  image: string;
  folder: Extract<MediaFolder, 'product' | 'package' | 'kid'>;
  ownerId: number;
  editable: boolean;
  size?: number;
  /** Shown while nothing is uploaded, instead of the products' placeholder (a kid has no product picture). */
  empty?: ReactNode;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const submit = useSubmit();
  const stored = storedPath(props.image);
  const { data: file } = api.useFileDownloadQuery(stored ?? skipToken);
  const data = file && `data:${file.mime};base64,${file.contentBase64}`;
  const [upload, uploading] = api.useFileUploadMutation();
  const size = props.size ?? 32;
  const img =
    !stored && props.empty ? (
      props.empty
    ) : (
      <img
        src={stored ? (data ?? `.${PLACEHOLDER_IMAGE}`) : `.${props.image}`}
        alt=""
        width={size}
        height={size}
        style={{ borderRadius: 6, objectFit: 'cover', opacity: uploading.isLoading ? 0.4 : 1 }}
      />
    );
  if (!props.editable) return img;

  const choose = async () => {
    const picked = await pickFile(PHOTO_EXTENSIONS);
    if (picked.status === 'too-large') notify.error('FILE_TOO_LARGE');
    if (picked.status !== 'picked') return;
    await submit(
      upload({
        folder: props.folder,
        owner_id: props.ownerId,
        fileName: picked.fileName,
        contentBase64: picked.contentBase64,
      }),
    );
  };
  return (
    <Tooltip title={t('files.changePicture')}>
      <button
        type="button"
        className="item-image"
        onClick={() => void choose()}
        aria-label={t('files.changePicture')}
        data-testid={`image-${props.folder}-${props.ownerId}`}
      >
        {img}
      </button>
    </Tooltip>
  );
}
