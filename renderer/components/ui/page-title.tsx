import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

/**
 * The screen's one level-one heading (the theme draws it at the size of a level-three title), or at
 * level 2 the title of a section of a screen.
 */
export function PageTitle({ title, extra, level = 1 }: { title: ReactNode; extra?: ReactNode; level?: 1 | 2 }) {
  return (
    <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
      <Typography.Title level={level} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      <Flex gap={8} wrap>
        {extra}
      </Flex>
    </Flex>
  );
}
