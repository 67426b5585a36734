import { Space, Tag, Tooltip } from 'antd';
import { CrownOutlined, MedicineBoxOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Kid } from '../../../../shared/api/parents';

/** What the counter must notice about a kid wherever the kid appears: VIP, banned, medical notes. */
export function KidFlags({ kid }: { kid: Pick<Kid, 'vip' | 'banned' | 'medical_notes'> }) {
  const { t } = useTranslation();
  if (!kid.vip && !kid.banned && !kid.medical_notes) return null;
  return (
    <Space size={2}>
      {kid.vip && (
        <Tag color="gold" icon={<CrownOutlined />}>
          {t('kids.vip')}
        </Tag>
      )}
      {kid.banned && (
        <Tag color="red" icon={<StopOutlined />}>
          {t('kids.banned')}
        </Tag>
      )}
      {kid.medical_notes && (
        <Tooltip title={kid.medical_notes}>
          <Tag color="orange" icon={<MedicineBoxOutlined />}>
            {t('kids.medical')}
          </Tag>
        </Tooltip>
      )}
    </Space>
  );
}
