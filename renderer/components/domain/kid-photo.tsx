import { Avatar } from 'antd';
import { SmileOutlined } from '@ant-design/icons';
import { PLACEHOLDER_IMAGE } from '../../../shared/domain/constants';
import { ItemImage } from '../ui/item-image';

/** A kid's photo (the last picture uploaded to their files), or a face until there is one. */
export function KidPhoto(props: { kid: { id: number; image: string | null }; size: number; editable: boolean }) {
  return (
    <ItemImage
      image={props.kid.image ?? PLACEHOLDER_IMAGE}
      folder="kid"
      ownerId={props.kid.id}
      editable={props.editable}
      size={props.size}
      empty={<Avatar shape="square" size={props.size} icon={<SmileOutlined />} />}
    />
  );
}
